import { createTransform, type PersistConfig } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { STORAGE_PREFIX } from '../../domain/constants';
import { toEquipment, type SessionState } from './session';

// Every persisted slice lives in local storage under `historian.<slice>` as JSON.

const equipmentAsInteger = createTransform<unknown, unknown>(
  (inbound) => inbound,
  (outbound) => toEquipment(outbound),
  { whitelist: ['equipment'] },
);

export function persistConfigFor<S>(key: string): PersistConfig<S> {
  return { key, storage, keyPrefix: STORAGE_PREFIX, version: 1 };
}

export const sessionPersistConfig: PersistConfig<SessionState> = {
  ...persistConfigFor<SessionState>('session'),
  transforms: [equipmentAsInteger],
};

export const PERSISTED_KEYS = ['session', 'organization', 'licence', 'tableSettings', 'manualEntryQueue'] as const;

/** The local-storage key of a persisted slice. */
export const storageKeyOf = (slice: (typeof PERSISTED_KEYS)[number]) => `${STORAGE_PREFIX}${slice}`;
