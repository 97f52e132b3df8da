import { makeStore } from '../../app/store';
import { aSession, ORG_A_UUID, ORG_B_UUID } from '../../testing/fixtures';
import { collectorsApi } from '../areas/collectors';
import { recordRequests, setXsrfCookie } from './transportTestUtils';

// SPEC §7 headers come from the state of the store that makes the call, read at the call: there
// is no configuration kept beside the store, so two stores (the app and the QA replay sandbox, or
// two tests) never send each other's organization, language or API token.

const storeIn = (organization: string, userLocale: string, userKey: string | null) =>
  makeStore({
    session: aSession({ userLocale, userKey }),
    organization: { current: { UUID: organization, Name: organization }, root: null, hasManualEntryForms: false },
  });

describe('what a call carries from its store', () => {
  it("sends the organization, locale and API token of the store that makes the call, as they are at the call", async () => {
    const seen = recordRequests('get', '/api/collectors', () => Response.json([]));
    setXsrfCookie();
    const plantA = storeIn(ORG_A_UUID, 'nl', 'token-a');
    const plantB = storeIn(ORG_B_UUID, 'de', null);

    await plantA.dispatch(collectorsApi.endpoints.getCollectors.initiate({}));
    await plantB.dispatch(collectorsApi.endpoints.getCollectors.initiate({}));

    expect(seen.map(({ headers }) => [headers.get('x-organization-uuid'), headers.get('accept-language'), headers.get('authorization')])).toEqual([
      [ORG_A_UUID, 'nl', 'Bearer token-a'],
      [ORG_B_UUID, 'de', null],
    ]);
  });
});
