import { http, HttpResponse } from 'msw';
import { collectorsApi } from '../api/areas/collectors';
import { makeStore } from '../app/store';
import { aSession, ORG_A_UUID } from '../testing/fixtures';
import { server } from '../testing/server';

// SPEC §8: a 401 outside /login and /profile ends the session; the store forgets the user and the
// API cache, however many calls fail together.

describe('a lost session', () => {
  it('signs the store out, empties its API cache and shows the sign-in page, when calls fail together too', async () => {
    document.cookie = 'XSRF-TOKEN=test';
    window.location.hash = '#/collectors';
    let lost = false;
    server.use(
      http.get('/api/collectors', () => (lost ? HttpResponse.json({}, { status: 401 }) : HttpResponse.json([{ UUID: 'c1', Name: 'Pump' }]))),
      http.get('/api/product-updates', () => HttpResponse.json({}, { status: 401 })),
    );
    const store = makeStore({ session: aSession(), organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: null, hasManualEntryForms: false } });
    await store.dispatch(collectorsApi.endpoints.getCollectors.initiate({}));
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);

    lost = true;
    await Promise.all([
      store.dispatch(collectorsApi.endpoints.getCollectors.initiate({}, { forceRefetch: true })),
      store.dispatch(collectorsApi.endpoints.getProductUpdates.initiate()),
    ]);

    expect(store.getState().session.userName).toBeNull();
    expect(window.location.hash).toBe('#/login');
    expect(store.getState().api.queries).toEqual({});
  });
});
