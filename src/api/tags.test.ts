import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import { aCurrentUser, aSession } from '../testing/fixtures';
import { server } from '../testing/server';
import { generatedApi } from './generated/historian.gen';
import { sessionApi } from './areas/session';
import { accessTags } from './areas/access';
import { collectorsTags } from './areas/collectors';
import { configurationTags } from './areas/configuration';
import { auditLogsTags } from './areas/auditLogs';
import { jobsTags } from './areas/jobs';
import { sessionTags } from './areas/session';
import { taskSchedulersTags } from './areas/taskSchedulers';
import { measurementsTags } from './areas/measurements';
import { measurementImportTags } from './areas/measurementImport';
import { timeseriesTags } from './areas/timeseries';
import { calculationsTags } from './areas/calculations';
import { assetsTags } from './areas/assets';
import { prototypesTags } from './areas/prototypes';
import { eventConfigurationsTags } from './areas/eventConfigurations';
import { eventsTags } from './areas/events';
import { manualEntryTags } from './areas/manualEntry';
import { sinksTags } from './areas/sinks';
import { externalDatabasesTags } from './areas/externalDatabases';
import { llmTags } from './areas/llm';
import type { ApiTag, EndpointTags } from './tags';

// The tag tables of the areas (src/api/areas) are the only source of tags: these tests read it with a sample answer
// (a list holding one item) and a sample argument (every id the same), as RTK Query would.

const SAMPLE = 'sample';
const sampleArg = { id: SAMPLE, uuid: SAMPLE, mappingId: SAMPLE, tokenId: SAMPLE, tableSetting: { ID: SAMPLE } };
// A list holding one item, which is also read as the pages of an infinite query holding it.
const sampleResult = Object.assign([{ UUID: SAMPLE }], { pages: [{ items: [{ UUID: SAMPLE }] }] });
const table: Record<string, EndpointTags> = {
  ...sessionTags,
  ...accessTags,
  ...collectorsTags,
  ...configurationTags,
  ...auditLogsTags,
  ...jobsTags,
  ...taskSchedulersTags,
  ...measurementsTags,
  ...measurementImportTags,
  ...timeseriesTags,
  ...calculationsTags,
  ...assetsTags,
  ...prototypesTags,
  ...eventConfigurationsTags,
  ...eventsTags,
  ...manualEntryTags,
  ...sinksTags,
  ...externalDatabasesTags,
  ...llmTags,
};

function tagsOf(description: EndpointTags['providesTags']): { type: string; id?: string }[] {
  const tags: readonly ApiTag[] = typeof description === 'function' ? description(sampleResult as never, undefined, sampleArg as never) : (description ?? []);
  return tags.map((tag) => (typeof tag === 'string' ? { type: tag } : tag));
}

// An infinite query (pages loaded as a list scrolls) is a query too.
const isQuery = (name: string) => {
  const endpoint = generatedApi.endpoints[name as keyof typeof generatedApi.endpoints];
  return 'useQuery' in endpoint || 'useInfiniteQuery' in endpoint;
};
const endpointNames = Object.keys(generatedApi.endpoints);

describe('the tags of the API', () => {
  it('come from the hand-written table only: the generated slice carries no tags of its own', () => {
    const generatedDir = path.resolve(__dirname, 'generated');
    for (const file of readdirSync(generatedDir).filter((name) => name.endsWith('.gen.ts'))) {
      expect(readFileSync(path.join(generatedDir, file), 'utf8')).not.toMatch(/providesTags|invalidatesTags|addTagTypes/);
    }
  });

  it('are stated for every endpoint: a query says what it provides, a mutation what it invalidates', () => {
    const unstated = endpointNames.filter((name) => !(name in table) || !((isQuery(name) ? 'providesTags' : 'invalidatesTags') in table[name]));
    const unknown = Object.keys(table).filter((name) => !endpointNames.includes(name));
    expect({ unstated, unknown }).toEqual({ unstated: [], unknown: [] });
  });

  it('invalidate only what some query provides', () => {
    const provided = endpointNames.filter(isQuery).flatMap((name) => tagsOf(table[name].providesTags));
    const orphans = endpointNames
      .filter((name) => !isQuery(name))
      .flatMap((name) => tagsOf(table[name].invalidatesTags).map((tag) => ({ name, ...tag })))
      .filter(({ type, id }) => !provided.some((tag) => tag.type === type && (id === undefined || tag.id === id)));
    expect(orphans).toEqual([]);
  });

  it('refetch the current user after a password change, whose answer says whether the default password must still be changed', async () => {
    document.cookie = 'XSRF-TOKEN=test';
    let mustChange = true;
    server.use(
      http.get('/api/current-user', () => HttpResponse.json(aCurrentUser({ MustChangePassword: mustChange }))),
      http.patch('/api/current-user/password', () => {
        mustChange = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const store = makeStore({ session: aSession() });
    const subscription = store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    // The store's type knows the empty root only; the endpoints are injected into it.
    const mustChangePassword = () => sessionApi.endpoints.getCurrentUser.select()(store.getState() as never).data?.MustChangePassword;
    await subscription;
    expect(mustChangePassword()).toBe(true);

    await store.dispatch(sessionApi.endpoints.updateCurrentUserPassword.initiate({ passwordChange: { Password: 'a new password' } }));
    await waitFor(() => expect(mustChangePassword()).toBe(false));
    subscription.unsubscribe();
  });
});
