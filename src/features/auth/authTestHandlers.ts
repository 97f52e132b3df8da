import { http, HttpResponse } from 'msw';
import type { AuthOption, CurrentUser, ManualEntryFormPrivilege, OrganizationRead, UserPrivilege } from '../../api/generated/historian.gen';
import { anOrganization, aPrivilege } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';

// msw handlers of the sign-in tests (STYLE §16): the calls of the login page and login completion.

export const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json({ title: 'Problem', status, ...body }, { status, headers: { 'content-type': 'application/problem+json' } });

export const authListHandler = (options: AuthOption[]) => http.get('/api/auth/list', () => HttpResponse.json(options));

export const loginHandler = (user: CurrentUser) => http.post('/api/auth/:provider/login', () => HttpResponse.json({ User: user }));

export const currentUserHandler = (user: CurrentUser | null) =>
  http.get('/api/current-user', () => (user ? HttpResponse.json(user) : problem(401, { detail: 'Not signed in' })));

export interface CompletionData {
  privileges?: UserPrivilege[];
  formPrivileges?: ManualEntryFormPrivilege[];
  organizations?: OrganizationRead[];
}

/** What login completion reads, and a logout that records which provider was signed out of. */
export function completionHandlers({ privileges = [aPrivilege('READ_COLLECTORS')], formPrivileges = [], organizations = [anOrganization()] }: CompletionData = {}) {
  const logouts: string[] = [];
  const calls = { privileges: 0, logouts };
  return {
    calls,
    handlers: [
      // Once an organization is chosen, its translation overrides are read.
      noTranslationOverrides(),
      http.get('/api/current-user/privileges', () => {
        calls.privileges += 1;
        return HttpResponse.json(privileges);
      }),
      http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json(formPrivileges)),
      http.get('/api/current-user/organizations', () => HttpResponse.json(organizations)),
      http.get('/api/license/info', () =>
        HttpResponse.json({
          LicenseClaims: [{ UUID: '66666666-6666-4666-8666-666666666666', Name: 'Site', ExpiresAt: 4_102_444_800, LicensedFeatures: { Calculations: true } }],
        }),
      ),
      http.get('/api/auth/:provider/logout', ({ params }) => {
        calls.logouts.push(String(params.provider));
        return new HttpResponse(null, { status: 204 });
      }),
    ],
  };
}
