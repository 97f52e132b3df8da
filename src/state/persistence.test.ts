import { makePersistedStore } from '../app/store';
import { equipmentChosen, loggedIn } from './session';
import { organizationSwitched } from './organization';
import { tableLayoutChanged } from './tableSettings';
import { licenceInfoLoaded } from './licence';
import { entryQueued, type QueuedEntry } from './manualEntryQueue';
import { clearStorageExceptOrganization } from '../api/transport/sessionStorage';

// redux-persist writes asynchronously; wait until the write has landed.
async function flushed(persistor: { flush: () => Promise<unknown> }) {
  await persistor.flush();
}

async function rehydrated() {
  const { store, persistor } = makePersistedStore();
  await new Promise<void>((resolve) => {
    const check = () => persistor.getState().bootstrapped && resolve();
    persistor.subscribe(check);
    check();
  });
  return { store, persistor };
}

describe('persisted client state (ARCHITECTURE: redux-persist, prefix historian.)', () => {
  it('persists session, organization, licence, tableSettings and manualEntryQueue under keys starting with historian.', async () => {
    const { store, persistor } = await rehydrated();
    store.dispatch(loggedIn({ userId: 'u1', userName: 'ada', userProvider: 'local', loginType: 'form' }));
    store.dispatch(organizationSwitched({ UUID: 'o1', Name: 'Plant' }));
    store.dispatch(tableLayoutChanged({ tableId: 'collectors', layout: { columnsShown: ['Name'], columnsOrder: ['Name'] } }));
    store.dispatch(licenceInfoLoaded({ claims: [] }));
    await flushed(persistor);
    const keys = Object.keys(window.localStorage).sort();
    expect(keys).toEqual(['historian.licence', 'historian.manualEntryQueue', 'historian.organization', 'historian.session', 'historian.tableSettings']);
  });

  it('never persists the API cache', async () => {
    const { store, persistor } = await rehydrated();
    store.dispatch(loggedIn({ userId: 'u1', userName: 'ada', userProvider: 'local', loginType: 'form' }));
    await flushed(persistor);
    expect(Object.keys(window.localStorage).some((k) => k.includes('api'))).toBe(false);
  });

  it('reads the equipment session item back as an integer, or null when absent', async () => {
    const first = await rehydrated();
    first.store.dispatch(equipmentChosen('42'));
    await flushed(first.persistor);
    const second = await rehydrated();
    expect(second.store.getState().session.equipment).toBe(42);

    const raw = JSON.parse(window.localStorage.getItem('historian.session') ?? '{}');
    raw.equipment = JSON.stringify('not a number');
    window.localStorage.setItem('historian.session', JSON.stringify(raw));
    const third = await rehydrated();
    expect(third.store.getState().session.equipment).toBeNull();
  });

  it('keeps the manual entries waiting to be sent through a reload and a lost session', async () => {
    const entry: QueuedEntry = {
      id: 'q1',
      userUuid: 'u1',
      organizationUuid: 'o1',
      formUuid: 'f1',
      write: { kind: 'value', timestamp: '2026-11-20T10:00:00.000Z', key: 'p1', value: 4.5, expected: null },
      queuedAt: '2026-11-20T10:01:00.000Z',
      cause: 'offline',
    };
    const first = await rehydrated();
    first.store.dispatch(entryQueued(entry));
    await flushed(first.persistor);
    // A lost session clears the stored items but the organization, the device's choices and these.
    clearStorageExceptOrganization();
    const second = await rehydrated();
    expect(second.store.getState().manualEntryQueue.items).toEqual([entry]);
  });

  it('restores the session and the chosen organization after a reload', async () => {
    const first = await rehydrated();
    first.store.dispatch(loggedIn({ userId: 'u1', userName: 'ada', userProvider: 'local', loginType: 'form' }));
    first.store.dispatch(organizationSwitched({ UUID: 'o1', Name: 'Plant' }));
    await flushed(first.persistor);
    const second = await rehydrated();
    expect(second.store.getState().session.userName).toBe('ada');
    expect(second.store.getState().organization.current?.UUID).toBe('o1');
  });
});
