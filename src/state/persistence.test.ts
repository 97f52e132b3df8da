import { makePersistedStore } from '../app/store';
import { equipmentChosen, loggedIn } from './session';
import { organizationSwitched } from './organization';
import { tableLayoutChanged } from './tableSettings';
import { licenceInfoLoaded } from './licence';

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
  it('persists session, organization, licence and tableSettings under keys starting with historian.', async () => {
    const { store, persistor } = await rehydrated();
    store.dispatch(loggedIn({ userId: 'u1', userName: 'ada', userProvider: 'local', loginType: 'form' }));
    store.dispatch(organizationSwitched({ UUID: 'o1', Name: 'Plant' }));
    store.dispatch(tableLayoutChanged({ tableId: 'collectors', layout: { columnsShown: ['Name'], columnsOrder: ['Name'] } }));
    store.dispatch(licenceInfoLoaded({ claims: [] }));
    await flushed(persistor);
    const keys = Object.keys(window.localStorage).sort();
    expect(keys).toEqual(['historian.licence', 'historian.organization', 'historian.session', 'historian.tableSettings']);
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
