import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { accessApi } from '../api/areas/access';
import { makeStore } from '../app/store';
import { anOrganization, aPrivilege, aSession, ORG_A_UUID, ORG_B_UUID } from '../testing/fixtures';
import { server } from '../testing/server';
import { OWN_ACCESS_RECHECK_MS, recheckOwnAccessOnReturn, refreshOwnAccess } from './ownAccess';
import { collectorsApi } from '../api/areas/collectors';
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

  it("follows another administrator's change: a call answered 403 reads the user's own access again, once per recheck period", async () => {
    const reads = serveOwnAccess([aPrivilege('READ_USERS', ORG_A_UUID)]);
    server.use(http.get('/api/collectors', () => HttpResponse.json({ title: 'Forbidden', status: 403, detail: 'Missing privilege: READ_COLLECTORS' }, { status: 403 })));
    const store = makeStore({ session: aSession({ userPrivileges: [aPrivilege('READ_COLLECTORS', ORG_A_UUID)] }), organization: { current: anOrganization(), root: null, hasManualEntryForms: false } });

    await store.dispatch(collectorsApi.endpoints.getCollectors.initiate({}, { subscribe: false }));
    await waitFor(() => expect(store.getState().session.userPrivileges).toEqual([aPrivilege('READ_USERS', ORG_A_UUID)]));

    await store.dispatch(collectorsApi.endpoints.getCollectors.initiate({}, { subscribe: false, forceRefetch: true }));
    expect(reads.privileges).toBe(1);
  });

  it('reads it again when the user comes back to the window, not more often than the recheck period', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const reads = serveOwnAccess([aPrivilege('READ_COLLECTORS', ORG_B_UUID)]);
      const store = makeStore({ session: aSession({ userPrivileges: [aPrivilege('READ_COLLECTORS', ORG_A_UUID)] }) });
      const stop = recheckOwnAccessOnReturn(store);
      window.dispatchEvent(new Event('focus'));
      await waitFor(() => expect(store.getState().session.userPrivileges).toEqual([aPrivilege('READ_COLLECTORS', ORG_B_UUID)]));
      window.dispatchEvent(new Event('focus'));
      expect(reads.privileges).toBe(1);
      jest.advanceTimersByTime(OWN_ACCESS_RECHECK_MS);
      window.dispatchEvent(new Event('focus'));
      await waitFor(() => expect(reads.privileges).toBe(2));
      stop();
      jest.advanceTimersByTime(OWN_ACCESS_RECHECK_MS);
      window.dispatchEvent(new Event('focus'));
      expect(reads.privileges).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
