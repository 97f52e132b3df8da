import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CollectorRead, Job, OrganizationRead, TimeseriesDatabaseRead } from '../../api/generated/historian.gen';
import type { LicenceClaim } from '../../state/licence';
import { aJob, anOrganization, aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { aLicence, aTrial, noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { HomePage } from './HomePage';

// The home page: the getting-started checklist ticks itself from what the API answers, the health
// tiles summarise a running installation, and a user sees only what they may read.

const ADMIN_HERE = ['READ_COLLECTORS', 'MANAGE_COLLECTORS', 'READ_TIMESERIES_DATABASES', 'MANAGE_TIMESERIES_DATABASES'];
const ADMIN_AT_ROOT = ['MANAGE_SETTINGS', 'READ_SETTINGS', 'READ_ORGANIZATIONS', 'MANAGE_ORGANIZATIONS'];
const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const rootOrganization = anOrganization({ UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true });

let collectorCount = 0;
const aCollector = (overrides: Partial<CollectorRead> = {}): CollectorRead => ({
  UUID: `c0000000-0000-4000-8000-${String(++collectorCount).padStart(12, '0')}`,
  OrganizationUUID: ORG_A_UUID,
  Name: 'Press line',
  Status: 'Active',
  CollectorType: 'simulation',
  Health: 'Collecting',
  HealthUpdatedAt: ago(5_000),
  RegisteredAt: ago(60 * MINUTE),
  IsSystem: false,
  ...overrides,
});
/** The organization's own collectors, which every organization has and which never report. */
const systemCollectors = [
  aCollector({ Name: 'Internal', CollectorType: 'internal', IsSystem: true, Health: '', HealthUpdatedAt: null, RegisteredAt: null }),
  aCollector({ Name: 'Calculations', CollectorType: 'calculation', IsSystem: true, Health: '', HealthUpdatedAt: null, RegisteredAt: null }),
];
const aDatabase = (overrides: Partial<TimeseriesDatabaseRead> = {}): TimeseriesDatabaseRead => ({
  UUID: 'd0000000-0000-4000-8000-000000000001',
  Name: 'historian',
  OrganizationUUID: ORG_A_UUID,
  TimeseriesDatabaseTypeUUID: 'e0000000-0000-4000-8000-000000000001',
  Settings: {},
  ...overrides,
});

interface Installation {
  collectors?: CollectorRead[];
  databases?: TimeseriesDatabaseRead[];
  organizations?: OrganizationRead[];
  claims?: LicenceClaim[];
  here?: string[];
  atRoot?: string[];
  collectorsFail?: true;
  jobs?: Job[];
}

/** Answers what an installation in this state answers, and records which calls were made. */
function renderHome({ collectors = systemCollectors, databases = [], organizations = [rootOrganization], claims = [], here = ADMIN_HERE, atRoot = ADMIN_AT_ROOT, collectorsFail, jobs = [] }: Installation = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const calls: string[] = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/collectors', () => {
      calls.push('collectors');
      if (collectorsFail) return HttpResponse.json({ title: 'down', status: 500 }, { status: 500, headers: { 'content-type': 'application/problem+json' } });
      return HttpResponse.json(collectors, { headers: { 'x-total-count': String(collectors.length) } });
    }),
    http.get('/api/timeseries-databases', () => {
      calls.push('timeseries-databases');
      return HttpResponse.json(databases);
    }),
    // The first database answers, any other cannot be reached.
    http.get('/api/timeseries-databases/:id/reachability', ({ params }) =>
      HttpResponse.json(
        params.id === 'd0000000-0000-4000-8000-000000000001'
          ? { Success: true, Steps: [{ Name: 'connect', Success: true }] }
          : { Success: false, FailedStep: 'connect', Steps: [{ Name: 'connect', Success: false, Message: 'connection refused by plant-influx:8086' }] },
      ),
    ),
    http.get('/api/current-user/organizations', () => {
      calls.push('organizations');
      return HttpResponse.json(organizations);
    }),
    http.get('/api/jobs', () => HttpResponse.json(jobs, { headers: { 'x-total-count': String(jobs.length) } })),
  );
  const current = organizations.find((o) => !o.IsRoot) ?? rootOrganization;
  const rendered = renderWithProviders(<HomePage />, {
    preloadedState: {
      session: aSession({ userPrivileges: [...here.map((name) => aPrivilege(name, current.UUID)), ...atRoot.map((name) => aPrivilege(name, ROOT_ORG_UUID))] }),
      organization: { current: { UUID: current.UUID, Name: current.Name, IsRoot: current.IsRoot }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      licence: { loaded: true, error: null, claims },
    },
  });
  return { ...rendered, calls };
}

const checklist = () => screen.findByRole('region', { name: 'Getting started' });
const item = async (name: RegExp) => within(await checklist()).getByRole('listitem', { name });
const tile = (name: string) => screen.findByRole('region', { name });

describe('home page: getting-started checklist', () => {
  it('on a new installation every step is still to do and links to the page that does it', async () => {
    renderHome();
    await waitFor(async () => expect(await item(/A first collector is created: to do/)).toBeInTheDocument());
    expect(await item(/A licence is installed: to do/)).toBeInTheDocument();
    expect(await item(/An organization exists: to do/)).toBeInTheDocument();
    expect(await item(/A time-series database is configured: to do/)).toBeInTheDocument();
    expect(await item(/The collector has used its token: to do/)).toBeInTheDocument();
    expect(await item(/First data has arrived: to do/)).toBeInTheDocument();
    expect(within(await checklist()).getByText('0 of 6 done')).toBeInTheDocument();
    // What to do next: the first open step.
    expect(await item(/A licence is installed/)).toHaveAttribute('aria-current', 'step');
    expect(await item(/An organization exists/)).not.toHaveAttribute('aria-current');

    expect(within(await item(/A licence is installed/)).getByRole('link', { name: 'Activate a licence' })).toHaveAttribute('href', '/configuration/license');
    expect(within(await item(/An organization exists/)).getByRole('link', { name: 'Create an organization' })).toHaveAttribute('href', '/configuration/create_organization');
    expect(within(await item(/time-series database/)).getByRole('link', { name: 'Configure a database' })).toHaveAttribute('href', '/configuration/timeseries_database');
    expect(within(await item(/A first collector/)).getByRole('link', { name: 'Create a collector' })).toHaveAttribute('href', '/collectors');
    expect(within(await item(/used its token/)).getByText(/Issue a token for the collector/)).toBeInTheDocument();
  });

  it('the organization’s own internal and calculation collectors do not count as a first collector', async () => {
    renderHome({ collectors: systemCollectors });
    await waitFor(async () => expect(await item(/A first collector is created: to do/)).toBeInTheDocument());
    expect(await item(/First data has arrived: to do/)).toBeInTheDocument();
  });

  it('a trial is not yet a licence, and says until when it runs', async () => {
    renderHome({ claims: [aTrial({ ExpiresAt: Date.UTC(2099, 0, 15) / 1000 })] });
    const licence = await item(/A licence is installed: to do/);
    expect(within(licence).getByText('Running as a trial until Jan 15, 2099. Activate a licence to keep every feature after that.')).toBeInTheDocument();
  });

  it('ticks each step from real state: licence, organization, database, collector, its token, its data', async () => {
    const organizations = [rootOrganization, anOrganization({ Name: 'Plant A' })];
    renderHome({
      organizations,
      claims: [aLicence({ Name: 'Acme licence' })],
      databases: [aDatabase({ Name: 'plant-influx' })],
      collectors: [...systemCollectors, aCollector({ Name: 'Press line', Health: 'Idle' })],
    });
    await waitFor(async () => expect(await item(/The collector has used its token: done/)).toBeInTheDocument());
    expect(await item(/A licence is installed: done/)).toHaveTextContent('Acme licence, valid until');
    expect(await item(/An organization exists: done/)).toHaveTextContent('Plant A is ready for users and data.');
    expect(await item(/time-series database is configured: done/)).toHaveTextContent('This organization stores its data in plant-influx.');
    expect(await item(/A first collector is created: done/)).toHaveTextContent('Press line is created.');
    expect(await item(/used its token: done/)).toHaveTextContent(/Press line last reported (now|\d+ seconds? ago)/);
    // Idle: it signed in but samples nothing yet.
    expect(await item(/First data has arrived: to do/)).toBeInTheDocument();
    expect(within(await checklist()).getByText('5 of 6 done')).toBeInTheDocument();
    expect(await item(/First data has arrived/)).toHaveAttribute('aria-current', 'step');
  });

  it('a created collector that never used its token leaves the token step to do', async () => {
    renderHome({ collectors: [aCollector({ Name: 'New', Status: 'Initial', Health: '', HealthUpdatedAt: null, RegisteredAt: null })] });
    await waitFor(async () => expect(await item(/A first collector is created: done/)).toBeInTheDocument());
    expect(await item(/The collector has used its token: to do/)).toBeInTheDocument();
  });

  it('disappears once every step is done, leaving the health tiles', async () => {
    renderHome({
      organizations: [rootOrganization, anOrganization()],
      claims: [aLicence()],
      databases: [aDatabase()],
      collectors: [aCollector()],
    });
    expect(await tile('Collectors')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Collectors' })).getByText('Every active collector is reporting.')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('shows only the steps the user may read, and asks for nothing else', async () => {
    const { calls } = renderHome({ here: ['READ_COLLECTORS'], atRoot: [] });
    expect(await item(/A first collector is created/)).toBeInTheDocument();
    expect(within(await checklist()).queryByRole('listitem', { name: /licence/ })).not.toBeInTheDocument();
    expect(within(await checklist()).queryByRole('listitem', { name: /organization/ })).not.toBeInTheDocument();
    expect(within(await checklist()).queryByRole('listitem', { name: /time-series database/ })).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('collectors'));
    expect(calls).not.toContain('timeseries-databases');
    expect(calls).not.toContain('organizations');
  });
});

describe('home page: health tiles', () => {
  it('counts collectors by status and health, and marks the stale ones', async () => {
    renderHome({
      collectors: [
        ...systemCollectors,
        aCollector({ Name: 'Press line', Health: 'Collecting' }),
        aCollector({ Name: 'Oven', Health: 'Collecting' }),
        aCollector({ Name: 'Boiler', Health: 'Idle', HealthUpdatedAt: ago(30 * MINUTE) }),
        aCollector({ Name: 'Dryer', Status: 'Paused', Health: 'Paused' }),
        aCollector({ Name: 'Packer', Status: 'Initial', Health: '', HealthUpdatedAt: null, RegisteredAt: null }),
        aCollector({ Name: 'Old', Status: 'Deleted' }),
      ],
    });
    const collectors = await tile('Collectors');
    await waitFor(() => expect(within(collectors).getByText('5')).toBeInTheDocument());
    const statuses = within(collectors).getByRole('list', { name: 'Collectors by status' });
    expect(within(statuses).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['Active 3', 'Paused 1', 'Initial 1']);
    expect(within(collectors).getByText(/Collecting 2 · Idle 1/)).toBeInTheDocument();
    expect(within(collectors).getByText('1 collector stopped reporting')).toBeInTheDocument();
    const stale = within(collectors).getByRole('list', { name: 'Stale collectors' });
    expect(within(stale).getByRole('listitem')).toHaveTextContent('Boiler last seen 30 minutes ago');
    expect(within(collectors).getByRole('link', { name: /Collectors/ })).toHaveAttribute('href', '/collectors');
  });

  it('lists the configured time-series databases and links to them', async () => {
    renderHome({ databases: [aDatabase({ Name: 'historian' }), aDatabase({ UUID: 'd0000000-0000-4000-8000-000000000002', Name: 'plant-influx' })] });
    const databases = await tile('Time-series databases');
    await waitFor(() => expect(within(databases).getByText('databases configured')).toBeInTheDocument());
    expect(within(databases).getByText('plant-influx')).toBeInTheDocument();
    // Whether the server reaches each one, with the reason on hover.
    const [historian, influx] = within(databases).getAllByRole('listitem');
    await waitFor(() => expect(within(historian).getByText('reachable')).toBeInTheDocument());
    await waitFor(() => expect(within(influx).getByText('not reachable')).toHaveAttribute('title', 'connection refused by plant-influx:8086'));
    expect(within(databases).getByRole('link', { name: /Time-series databases/ })).toHaveAttribute('href', '/configuration/timeseries_databases');
  });

  it('says how many days the licence has left', async () => {
    renderHome({ claims: [aLicence({ Name: 'Acme licence', ExpiresAt: Math.floor(Date.now() / 1000) + 10 * 86_400 - 60 })] });
    const licence = await tile('Licence');
    expect(within(licence).getByText('10')).toBeInTheDocument();
    expect(within(licence).getByText('days left')).toBeInTheDocument();
    expect(within(licence).getByText(/Acme licence/)).toBeInTheDocument();
    expect(within(licence).getByRole('link', { name: /Licence/ })).toHaveAttribute('href', '/configuration/license');
  });

  it('a user lacking a privilege does not see its tile, and the data is not asked for', async () => {
    const { calls } = renderHome({ here: ['READ_COLLECTORS'], atRoot: [], collectors: [aCollector()] });
    expect(await tile('Collectors')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Time-series databases' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Licence' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual(['collectors']));
  });

  it('a user without any of these privileges gets no tiles, and the later slots stay empty rather than made up', async () => {
    const { calls } = renderHome({ here: [], atRoot: [] });
    expect(await screen.findByText(/Nothing to show here with your privileges/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
    expect(within(await tile('Recent changes')).getByText(/once the audit log is available/)).toBeInTheDocument();
    // Everyone may see the jobs they started themselves.
    expect(await within(await tile('Background jobs')).findByText('No job is running or waiting.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('the jobs tile shows the jobs not ended yet with their progress, and opens the jobs panel', async () => {
    const { store, user } = renderHome({ jobs: [aJob({ Progress: 0.4 }), aJob({ Type: 'calculation_backfill', State: 'paused', Progress: 0.75 })] });
    const jobs = await tile('Background jobs');
    expect(await within(jobs).findByText('jobs not ended yet')).toBeInTheDocument();
    expect(within(jobs).getByRole('progressbar', { name: 'Progress of Parquet export' })).toHaveAttribute('value', '40');
    expect(within(jobs).getByRole('progressbar', { name: 'Progress of Calculation backfill' })).toHaveAttribute('value', '75');
    expect(within(jobs).getByText('Paused')).toBeInTheDocument();
    await user.click(within(jobs).getByRole('button', { name: 'Show all jobs' }));
    expect(store.getState().jobsPanel.open).toBe(true);
  });

  it('a tile whose data cannot be loaded says so and offers to try again', async () => {
    renderHome({ here: ['READ_COLLECTORS'], atRoot: [], collectorsFail: true });
    const collectors = await tile('Collectors');
    expect(await within(collectors).findByRole('alert')).toHaveTextContent('Could not load this.');
    expect(within(collectors).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
