import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { RootState } from '../../../app/store';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';

export const READER = [aPrivilege('READ_ASSETS'), aPrivilege('READ_MEASUREMENTS'), aPrivilege('READ_PROTOTYPES')];
export const MANAGER = [...READER, aPrivilege('MANAGE_ASSETS')];

export function stateWith(privileges = MANAGER): Partial<RootState> {
  return {
    session: aSession({ userPrivileges: privileges }),
    organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
    licence: { loaded: true, error: null, claims: [{ UUID: 'l', Name: 'Site', ExpiresAt: 4_102_444_800, OrganizationUUID: ORG_A_UUID, LicensedFeatures: {} }] },
  };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** The page at `route` with the address shown beside it (the tests read where the page went). */
export function renderPage(page: ReactElement, route: string, privileges = MANAGER) {
  document.cookie = 'XSRF-TOKEN=test';
  return renderWithProviders(
    <>
      {page}
      <Address />
    </>,
    { route, preloadedState: stateWith(privileges) },
  );
}

export const address = () => screen.getByTestId('address').textContent ?? '';
