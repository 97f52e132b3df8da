import { createAction, nanoid, type UnknownAction } from '@reduxjs/toolkit';
import { restartRequired } from '../../domain/settingRules';
import { errorDetailsOf, type ErrorDetails } from './errorDetails';
import { isAbortedError, isHistorianError, isProblemError, type HistorianError } from './transport/errors';

// What the user is told when a call ends (SPEC §2 toasts, §8 messages), per endpoint, once for
// every page that makes the call: historianApi.ts runs `reportOutcome` in each listed endpoint's
// onQueryStarted. Pages keep what else they do (navigate, close a dialog, show field errors).
// A call that ends the session (a 401, answered without an error) and a superseded or cancelled
// call say nothing.

export interface OutcomeToast {
  type: 'success' | 'info' | 'warning' | 'danger';
  messageKey: string;
  values?: Record<string, string | number>;
  details?: ErrorDetails;
}

/** An event: a call ended and the user is told so; the toasts slice (src/state/toasts.ts) shows it. */
export const outcomeReported = createAction('api/outcomeReported', (toast: OutcomeToast) => ({ payload: { ...toast, id: nanoid() } }));

/** What a success message may depend on: the call's argument, its answer and the state before it. */
export interface Call {
  arg: unknown;
  data: unknown;
  before: unknown;
}

export interface EndpointOutcome {
  success?: { messageKey: string } | ((call: Call) => OutcomeToast);
  error?: { messageKey: string };
  /** Failures the page answers itself (a confirmation it asks for, a retry it makes). */
  quiet?: (error: HistorianError, arg: unknown) => boolean;
}

// Reading unknown values without casts: the argument, answer and state come in untyped.
function member(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const name of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Reflect.get(current, name);
  }
  return current;
}

const textAt = (value: unknown, ...path: string[]) => {
  const found = member(value, ...path);
  return typeof found === 'string' ? found : '';
};

/** The items of every cached answer of a list query, in the state before the call. */
function cachedItems(state: unknown, endpointName: string): unknown[] {
  const queries = member(state, 'api', 'queries');
  if (typeof queries !== 'object' || queries === null) return [];
  return Object.values(queries).flatMap((entry) => {
    const data = member(entry, 'data');
    return member(entry, 'endpointName') === endpointName && Array.isArray(data) ? data : [];
  });
}

/** A member of the cached item with this UUID, e.g. the name of a collector being deleted. */
const cachedText = (state: unknown, endpointName: string, uuid: string, name: string) =>
  textAt(cachedItems(state, endpointName).find((item) => member(item, 'UUID') === uuid), name);

/** SPEC §8: a changed session duration or base URL needs a restart, which the toast says. */
function settingsSaved({ arg, before }: Call): OutcomeToast {
  const body = member(arg, 'body');
  const after = Array.isArray(body) ? body : [];
  const organizations = new Set(after.map((setting) => textAt(setting, 'OrganizationUUID')));
  const stored = Object.fromEntries(
    cachedItems(before, 'getSettings')
      .filter((setting) => organizations.has(textAt(setting, 'OrganizationUUID')))
      .map((setting) => [textAt(setting, 'Name'), textAt(setting, 'Value')]),
  );
  const saved = Object.fromEntries(after.map((setting) => [textAt(setting, 'Name'), textAt(setting, 'Value')]));
  return restartRequired(stored, saved)
    ? { type: 'warning', messageKey: 'historian.success.update_setting_restart_required' }
    : { type: 'success', messageKey: 'historian.success.update_setting' };
}

/** SPEC §8: a saved database is tested next; a failed test is told with its failed steps. */
function databaseTested({ data }: Call): OutcomeToast {
  if (member(data, 'Success') === true) return { type: 'success', messageKey: 'timeseries.saved' };
  const steps = member(data, 'Steps');
  const failed = (Array.isArray(steps) ? steps : []).filter((step) => member(step, 'Success') !== true);
  const message = failed.map((step) => `${textAt(step, 'Name')}: ${textAt(step, 'Message')}`).join('\n') || textAt(data, 'FailedStep');
  return { type: 'danger', messageKey: 'configuration.errors.database_test', details: { message } };
}

/** A delete of an organization that still holds things answers 409 with them; the page asks to confirm. */
const asksToConfirm = (error: HistorianError, arg: unknown) =>
  isProblemError(error) && error.code === 409 && error.body.holdings !== undefined && member(arg, 'confirm') !== true;

export const endpointOutcomes: Record<string, EndpointOutcome> = {
  updateCurrentUser: { success: { messageKey: 'profile.saved' }, error: { messageKey: 'profile.errors.update' } },
  // The password form shows the server's refusal on its field.
  updateCurrentUserPassword: { success: { messageKey: 'users.change_password.changed' } },
  createCurrentUserToken: { error: { messageKey: 'configurations.errors.generate_token' } },
  deleteCurrentUserToken: { error: { messageKey: 'profile.tokens.delete_failed' } },

  createOrganization: { success: { messageKey: 'organizations.saved' }, error: { messageKey: 'configurations.errors.create_organization' } },
  updateOrganization: { success: { messageKey: 'organizations.saved' }, error: { messageKey: 'organizations.errors.save' } },
  deleteOrganization: { success: { messageKey: 'organizations.deleted' }, error: { messageKey: 'organizations.errors.delete' }, quiet: asksToConfirm },
  activateLicense: { success: { messageKey: 'historian.success.update_license' }, error: { messageKey: 'historian.errors.update_license' } },
  updateSettingsBatch: { success: settingsSaved, error: { messageKey: 'configurations.errors.update_setting' } },
  createTableSetting: { error: { messageKey: 'table.errors.save_table_settings' } },
  // A stored layout removed on the server is stored anew by the table (useTableLayout).
  updateTableSetting: { error: { messageKey: 'table.errors.save_table_settings' }, quiet: (error) => error.code === 404 },

  createUser: { success: { messageKey: 'users.saved' }, error: { messageKey: 'users.save_failed' } },
  updateUser: { success: { messageKey: 'users.saved' }, error: { messageKey: 'users.save_failed' } },
  deleteUser: { success: { messageKey: 'users.deleted' }, error: { messageKey: 'users.delete_failed' } },
  updateUserPassword: { success: { messageKey: 'users.password_set' }, error: { messageKey: 'users.errors.update_password' } },
  createUserToken: { error: { messageKey: 'configurations.errors.generate_token' } },
  deleteUserToken: { error: { messageKey: 'profile.tokens.delete_failed' } },
  createUserGroup: { success: { messageKey: 'groups.saved' }, error: { messageKey: 'groups.errors.save' } },
  updateUserGroup: { success: { messageKey: 'groups.saved' }, error: { messageKey: 'groups.errors.save' } },
  deleteUserGroup: { error: { messageKey: 'groups.errors.delete' } },
  createUserGroupUser: { success: { messageKey: 'configuration.success.member_added' }, error: { messageKey: 'groups.errors.members' } },
  deleteUserGroupUser: { error: { messageKey: 'groups.errors.members' } },
  createUserGroupPrivilege: { error: { messageKey: 'groups.errors.privileges' } },
  deleteUserGroupPrivilege: { error: { messageKey: 'groups.errors.privileges' } },
  createUserGroupMapping: { error: { messageKey: 'groups.errors.mappings' } },
  updateUserGroupMapping: { error: { messageKey: 'groups.errors.mappings' } },
  deleteUserGroupMapping: { error: { messageKey: 'groups.errors.mappings' } },
  createAuthenticationProvider: { success: { messageKey: 'providers.saved' }, error: { messageKey: 'providers.errors.save' } },
  updateAuthenticationProvider: { success: { messageKey: 'providers.saved' }, error: { messageKey: 'providers.errors.save' } },
  deleteAuthenticationProvider: { error: { messageKey: 'providers.errors.delete' } },
  testAuthenticationProvider: { error: { messageKey: 'providers.errors.test' } },

  createCollector: {
    success: ({ arg }) => ({ type: 'success', messageKey: 'collectors.success.saved', values: { name: textAt(arg, 'collector', 'Name') } }),
    error: { messageKey: 'collectors.errors.save' },
  },
  updateCollector: {
    success: ({ arg }) => ({ type: 'success', messageKey: 'collectors.success.saved', values: { name: textAt(arg, 'collector', 'Name') } }),
    error: { messageKey: 'collectors.errors.save' },
  },
  deleteCollector: {
    success: ({ arg, before }) => ({ type: 'success', messageKey: 'collectors.success.deleted', values: { name: cachedText(before, 'getCollectors', textAt(arg, 'id'), 'Name') } }),
    error: { messageKey: 'collectors.errors.delete' },
  },
  updateCollectorStatus: { error: { messageKey: 'collectors.errors.status' } },
  getCollectorToken: { error: { messageKey: 'collectors.errors.token' } },
  getCollectorTemplate: { error: { messageKey: 'collectors.errors.template' } },
  startCollectorUpdate: {
    success: ({ arg, before }) => ({
      type: 'info',
      messageKey: 'collectors.update.started',
      values: { name: cachedText(before, 'getCollectors', textAt(arg, 'id'), 'Name'), version: textAt(arg, 'collectorUpdateStart', 'Version') },
    }),
    error: { messageKey: 'collectors.errors.update' },
  },
  createProductUpdate: {
    success: ({ data }) => ({ type: 'success', messageKey: 'product_updates.upload.success', values: { version: textAt(data, 'Version') } }),
    error: { messageKey: 'product_updates.upload.error' },
  },
  deleteProductUpdate: {
    success: ({ arg, before }) => ({
      type: 'success',
      messageKey: 'product_updates.delete.success',
      values: { version: cachedText(before, 'getProductUpdates', textAt(arg, 'id'), 'Version') },
    }),
    error: { messageKey: 'product_updates.delete.error' },
  },

  // A save is followed by a test of the saved database, which tells the outcome of both.
  createTimeseriesDatabase: { error: { messageKey: 'configuration.errors.update_database' } },
  updateTimeseriesDatabase: { error: { messageKey: 'configuration.errors.update_database' } },
  testTimeseriesDatabase: { success: databaseTested, error: { messageKey: 'configuration.errors.database_test' } },
  testTimeseriesDatabaseSettings: { error: { messageKey: 'timeseries.test.error' } },
  deleteTimeseriesDatabase: { success: { messageKey: 'timeseries.deleted' }, error: { messageKey: 'timeseries.errors.delete' } },
};

/** The part of RTK Query's lifecycle API that reporting needs. */
export interface OutcomeLifecycle {
  dispatch: (action: UnknownAction) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: unknown; meta?: unknown }>;
}

/** RTK Query rejects queryFulfilled with `{ error }`; a thrown exception comes as it is. */
function errorOf(rejection: unknown): unknown {
  const error = member(rejection, 'error');
  return error === undefined ? rejection : error;
}

/**
 * Superseded or cancelled by the transport, or aborted by RTK Query itself (a reset of the API
 * cache, as a lost session makes, aborts the calls still running).
 */
const isCancelled = (error: unknown) => isAbortedError(error) || member(error, 'name') === 'AbortError';

/** Waits for the call to end and shows its outcome; never rejects. */
export async function reportOutcome(outcome: EndpointOutcome, arg: unknown, { dispatch, getState, queryFulfilled }: OutcomeLifecycle): Promise<void> {
  const before = getState();
  let answer: { data: unknown; meta?: unknown };
  try {
    answer = await queryFulfilled;
  } catch (rejection) {
    const error = errorOf(rejection);
    if (!outcome.error || isCancelled(error) || (isHistorianError(error) && outcome.quiet?.(error, arg))) return;
    dispatch(outcomeReported({ type: 'danger', messageKey: outcome.error.messageKey, details: errorDetailsOf(error) }));
    return;
  }
  // A lost session is answered by the sign-in page, not by a toast.
  if (member(answer.meta, 'unauthorized') === true || !outcome.success) return;
  const toast: OutcomeToast =
    typeof outcome.success === 'function' ? outcome.success({ arg, data: answer.data, before }) : { type: 'success', messageKey: outcome.success.messageKey };
  dispatch(outcomeReported(toast));
}
