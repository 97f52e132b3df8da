import type { RequestContext } from '../api/transport/requestContext';
import type { PersistedSlices } from './rootState';

/** What every call carries from the store (SPEC §7), handed to the transport by the store. */
export const selectRequestContext = (state: PersistedSlices): RequestContext => ({
  organizationUuid: state.organization.current?.UUID ?? null,
  locale: state.session.userLocale || null,
  bearerToken: state.session.userKey,
});
