import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { accessApi } from '../api/areas/access';
import { makeStore } from '../app/store';
import { anOrganization, aPrivilege, aSession, ORG_A_UUID, ORG_B_UUID } from '../testing/fixtures';
import { server } from '../testing/server';
import { refreshOwnAccess } from './ownAccess';
import type { StoredManualEntryFormPrivilege } from './session';

// The user's own privileges are read at sign-in and kept in the session; a change to groups, their
// members or their privileges may change them, and they are read again then.

function serveOwnAccess(privileges: ReturnType<typeof aPrivilege>[], formPrivileges: StoredManualEntryFormPrivilege[] = []) {
  const reads = { privileges: 0 };
  server.use(
    http.get('/api/current-user/privileges', () => {
      reads.privileges += 1;
      return HttpResponse.json(privileges);
    }),
    http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json(formPrivileges)),
    http.get('/api/current-user/organizations', () => HttpResponse.json([anOrganization(), anOrganization({ UUID: ORG_B_UUID, Name: 'Org B' })])),
    http.delete('/api/user-group-users/:id', () => new HttpResponse(null, { status: 204 })),
    http.delete('/api/user-groups/:id', () => new HttpResponse(null, { status: 204 })),
  );
  return reads;
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test; path=/';
});

describe("the signed-in user's own access", () => {
  it('is read again after a change to group memberships or groups, so the menu follows without a new sign-in', async () => {
    const reads = serveOwnAccess([aPrivilege('READ_COLLECTORS', ORG_A_UUID), aPrivilege('READ_COLLECTORS', ORG_B_UUID)]);
    const store = makeStore({ session: aSession({ userPrivileges: [aPrivilege('READ_COLLECTORS', ORG_A_UUID)] }) });

    await store.dispatch(accessApi.endpoints.deleteUserGroupUser.initiate({ id: 'membership-1' }));
    await waitFor(() => expect(store.getState().session.userPrivileges).toContainEqual(aPrivilege('READ_COLLECTORS', ORG_B_UUID)));
    expect(store.getState().organization.current).toMatchObject({ UUID: ORG_A_UUID });

    await store.dispatch(accessApi.endpoints.deleteUserGroup.initiate({ id: 'group-1' }));
    await waitFor(() => expect(reads.privileges).toBe(2));
  });

  it("counts the current organization's manual entry forms again when read again", async () => {
    const form = (organization: string) => ({ ManualEntryFormUUID: '77777777-7777-4777-8777-777777777777', OrganizationUUID: organization, Name: 'MANUAL_ENTRY_FORM_DEFAULT' as const });
    serveOwnAccess([aPrivilege('READ_MANUAL_ENTRY_FORMS', ORG_A_UUID)], [form(ORG_B_UUID)]);
    const store = makeStore({ session: aSession(), organization: { current: anOrganization(), root: null, hasManualEntryForms: true } });
    await store.dispatch(refreshOwnAccess());
    expect(store.getState().organization.hasManualEntryForms).toBe(false);

    serveOwnAccess([aPrivilege('READ_MANUAL_ENTRY_FORMS', ORG_A_UUID)], [form(ORG_A_UUID)]);
    await store.dispatch(refreshOwnAccess());
    expect(store.getState().organization.hasManualEntryForms).toBe(true);
  });

  it('is not read after such a change once signed out', async () => {
    const reads = serveOwnAccess([]);
    const store = makeStore();

    await store.dispatch(accessApi.endpoints.deleteUserGroupUser.initiate({ id: 'membership-1' }));

    expect(reads.privileges).toBe(0);
  });
});
