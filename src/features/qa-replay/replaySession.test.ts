import { collectorsApi } from '../../api/areas/collectors';
import { initialRootState } from '../../app/store';
import type { JsonObject, Recording } from '../../lib/recording/recordingFormat';
import { aSession } from '../../testing/fixtures';
import { createReplaySession } from './replaySession';

const collectors = [{ UUID: 'c1', Name: 'OPC', Status: 'Active' }];
const cacheKey = 'getCollectors({"limit":10000})';

/** A recording started after sign-in: its initial state already holds the collectors page's data. */
function recordingStartedSignedIn(): Recording {
  const api: JsonObject = JSON.parse(JSON.stringify(initialRootState.api));
  api.queries = {
    [cacheKey]: { status: 'fulfilled', endpointName: 'getCollectors', requestId: 'r1', originalArgs: { limit: 10000 }, startedTimeStamp: 1, fulfilledTimeStamp: 2, data: collectors },
  };
  return {
    formatVersion: 1,
    appVersion: '0.1.0',
    locale: 'en',
    organization: null,
    recordedAt: '2025-01-02T03:04:05.000Z',
    initialState: { session: JSON.parse(JSON.stringify(aSession())), api, recorder: { recording: true, route: '/collectors' } },
    actions: [{ t: 10, action: { type: 'navigation/changed', payload: '/' } }],
  };
}

describe('the replay session', () => {
  it("answers a call from the recording's initial API cache when the recording holds no later answer to it", async () => {
    const session = createReplaySession(recordingStartedSignedIn());
    session.show(1);

    const result = await session.store.dispatch(collectorsApi.endpoints.getCollectors.initiate({ limit: 10000 }, { forceRefetch: true }));

    expect(result.error).toBeUndefined();
    expect(result.data).toEqual(collectors);
  });
});
