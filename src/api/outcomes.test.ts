import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import { aSession, ORG_A_UUID } from '../testing/fixtures';
import { server } from '../testing/server';
import { accessApi } from './areas/access';
import { collectorsApi } from './areas/collectors';
import { configurationApi } from './areas/configuration';

// The outcome of a call is told once, by the API layer, for every page that makes it (SPEC §2
// toasts, §8 messages): what each test checks is the toast the store holds after the call.

const problem = (status: number, body: object) => HttpResponse.json(body, { status, headers: { 'content-type': 'application/problem+json' } });

function signedInStore() {
  document.cookie = 'XSRF-TOKEN=test';
  return makeStore({ session: aSession(), organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: null, hasManualEntryForms: false } });
}

const toastsOf = (store: ReturnType<typeof makeStore>) => store.getState().toasts.items.map(({ id: _id, closing: _closing, ...toast }) => toast);

describe('outcomes of calls', () => {
  it('a failed call shows its endpoint’s error toast, whose details hold the failure and the request', async () => {
    server.use(http.delete('/api/users/u1', () => problem(409, { title: 'Conflict', detail: 'The user holds privileges you do not hold' })));
    const store = signedInStore();

    await store.dispatch(accessApi.endpoints.deleteUser.initiate({ id: 'u1' }));

    expect(toastsOf(store)).toEqual([
      {
        type: 'danger',
        messageKey: 'users.delete_failed',
        details: expect.objectContaining({ message: 'The user holds privileges you do not hold', code: 409, request: expect.objectContaining({ method: 'DELETE', url: '/api/users/u1' }) }),
      },
    ]);
  });

  it('a successful call shows its endpoint’s success toast, naming the item from the list the page showed', async () => {
    server.use(
      http.get('/api/collectors', () => HttpResponse.json([{ UUID: 'c1', Name: 'Pump house', Status: 'Active' }])),
      http.delete('/api/collectors/c1', () => new HttpResponse(null, { status: 204 })),
    );
    const store = signedInStore();
    const list = store.dispatch(collectorsApi.endpoints.getCollectors.initiate({}));
    await list;

    await store.dispatch(collectorsApi.endpoints.deleteCollector.initiate({ id: 'c1' }));

    expect(toastsOf(store)).toEqual([{ type: 'success', messageKey: 'collectors.success.deleted', values: { name: 'Pump house' } }]);
    list.unsubscribe();
  });

  it('a lost session says nothing: the sign-in page is the answer to a 401', async () => {
    server.use(http.delete('/api/users/u1', () => HttpResponse.json({}, { status: 401 })));
    // Signed in, the lost session resets the API cache, which aborts the call; already signed out
    // (a second call failing together), the call ends without an error.
    for (const store of [signedInStore(), makeStore()]) {
      window.location.hash = '#/configuration/users';
      await store.dispatch(accessApi.endpoints.deleteUser.initiate({ id: 'u1' }));
      expect(toastsOf(store)).toEqual([]);
    }
  });

  it('a delete of an organization that still holds things says nothing the first time (the page asks to confirm), and tells a confirmed delete that fails', async () => {
    const holdings = { title: 'Conflict', detail: 'The organization holds collectors', holdings: { Collectors: 2 } };
    server.use(http.delete('/api/organizations/o1', () => problem(409, holdings)));
    const store = signedInStore();

    await store.dispatch(accessApi.endpoints.deleteOrganization.initiate({ id: 'o1' }));
    expect(toastsOf(store)).toEqual([]);

    await store.dispatch(accessApi.endpoints.deleteOrganization.initiate({ id: 'o1', confirm: true }));
    expect(toastsOf(store)).toEqual([expect.objectContaining({ type: 'danger', messageKey: 'organizations.errors.delete' })]);
  });

  it('an endpoint that patches the cached lists still does so beside its toast', async () => {
    server.use(
      http.get('/api/user-groups', () => HttpResponse.json([{ UUID: 'g1', Name: 'Operators', IsSystem: false }])),
      http.post('/api/user-groups', () => HttpResponse.json({ UUID: 'g2', Name: 'Engineers', IsSystem: false }, { status: 201 })),
    );
    const store = signedInStore();
    const list = store.dispatch(accessApi.endpoints.getUserGroups.initiate({}));
    await list;

    await store.dispatch(accessApi.endpoints.createUserGroup.initiate({ userGroup: { Name: 'Engineers' } }));

    expect(toastsOf(store)).toEqual([{ type: 'success', messageKey: 'groups.saved' }]);
    const groups = accessApi.endpoints.getUserGroups.select({})(store.getState() as never).data;
    expect(groups?.map((group) => group.Name)).toEqual(expect.arrayContaining(['Operators', 'Engineers']));
    list.unsubscribe();
  });

  it('a saved database whose connection test fails says so, with the failed step in the details', async () => {
    server.use(
      http.get('/api/timeseries-databases/d1/test', () =>
        HttpResponse.json({ Success: false, FailedStep: 'connect', Steps: [{ Name: 'connect', Success: false, Message: 'connection refused' }] }),
      ),
    );
    const store = signedInStore();

    await store.dispatch(configurationApi.endpoints.testTimeseriesDatabase.initiate({ id: 'd1' }));

    expect(toastsOf(store)).toEqual([{ type: 'danger', messageKey: 'configuration.errors.database_test', details: { message: 'connect: connection refused' } }]);
  });
});
