import type { AuthOption, CurrentUser, Job, OrganizationRead, UserGroupRead, UserPrivilege } from '../api/generated/historian.gen';
import { initialSessionState, type SessionState } from '../state/session';

// Fixture factories (STYLE §16): a sensible default, overridden per test.

export const ROOT_ORG_UUID = '11111111-1111-4111-8111-111111111111';
export const ORG_A_UUID = '22222222-2222-4222-8222-222222222222';
export const ORG_B_UUID = '33333333-3333-4333-8333-333333333333';

export const anOrganization = (overrides: Partial<OrganizationRead> = {}): OrganizationRead => ({
  UUID: ORG_A_UUID,
  Name: 'Plant A',
  IsRoot: false,
  Status: 'Active',
  ...overrides,
});

/** A user group as the server answers it, audit fields included. */
export const aUserGroup = (overrides: Partial<UserGroupRead> = {}): UserGroupRead => ({
  UUID: '44444444-4444-4444-8444-444444444444',
  Name: 'Operators',
  IsSystem: false,
  CreatedAt: '2026-01-05T08:00:00.000Z',
  UpdatedAt: '2026-01-05T08:00:00.000Z',
  CreatedBy: 'admin',
  UpdatedBy: 'admin',
  ...overrides,
});

export const aCurrentUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  UUID: '44444444-4444-4444-8444-444444444444',
  Name: 'operator',
  Attributes: { Locale: 'en', ExperimentalFeatures: false },
  MustChangePassword: false,
  ...overrides,
});

export const aPrivilege = (Name: string, OrganizationUUID = ORG_A_UUID): UserPrivilege => ({ Name, OrganizationUUID });

export const anAuthOption = (overrides: Partial<AuthOption> = {}): AuthOption => ({
  UUID: '55555555-5555-4555-8555-555555555555',
  ProviderName: 'local',
  ProviderType: 'local',
  ...overrides,
});

/** A signed-in session holding the given privileges. */
export const aSession = (overrides: Partial<SessionState> = {}): SessionState => ({
  ...initialSessionState,
  userId: '44444444-4444-4444-8444-444444444444',
  userName: 'operator',
  userProvider: 'local',
  loginType: 'form',
  ...overrides,
});

let jobCount = 0;
/** A job the signed-in user of aSession() started, running at 40 %. */
export const aJob = (overrides: Partial<Job> = {}): Job => ({
  UUID: `70000000-0000-4000-8000-${String(++jobCount).padStart(12, '0')}`,
  Type: 'parquet_export',
  TaskSchedulerUUID: null,
  State: 'running',
  Progress: 0.4,
  ProgressMessage: 'file 4 of 10',
  CreatedByUUID: '44444444-4444-4444-8444-444444444444',
  CreatedByName: 'operator',
  CreatedAt: '2026-11-26T10:00:00.000Z',
  StartedAt: '2026-11-26T10:00:01.000Z',
  FinishedAt: null,
  Error: null,
  Result: null,
  Pausable: true,
  PauseRequested: false,
  CancelRequested: false,
  ...overrides,
});
