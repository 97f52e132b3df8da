import type { SessionState } from './session';
import type { OrganizationState } from './organization';
import type { LicenceState } from './licence';
import type { TableSettingsState } from './tableSettings';
import type { ManualEntryQueueState } from './manualEntryQueue';

/** The persisted part of the state that selectors read; the store adds the API cache. */
export interface PersistedSlices {
  session: SessionState;
  organization: OrganizationState;
  licence: LicenceState;
  tableSettings: TableSettingsState;
  manualEntryQueue: ManualEntryQueueState;
}
