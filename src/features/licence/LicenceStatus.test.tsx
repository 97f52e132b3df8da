import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { LicenseInfo } from '../../api/generated/historian.gen';
import { deferred } from '../../testing/deferred';
import { aPrivilege, aSession, ORG_A_UUID, ORG_B_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { aLicence, aTrial, licenceInfoHandler, noTranslationOverrides, nowSeconds } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { LicenceStatus } from './LicenceStatus';

// SPEC §2 and §4 "Licence banner": one test per state, only for ManageSettings at root, and a
// click goes to the licence page.

const DAY_S = 86_400;
const plant = { UUID: ORG_A_UUID, Name: 'Plant A' };
const root = { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true };

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderBanner(rootPrivileges: string[] = ['MANAGE_SETTINGS'], route = '/') {
  document.cookie = 'XSRF-TOKEN=test';
  server.use(noTranslationOverrides());
  return renderWithProviders(
    <>
      <LicenceStatus />
      <Routes>
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </>,
    {
      route,
      preloadedState: {
        session: aSession({ userPrivileges: [...rootPrivileges.map((name) => aPrivilege(name, ROOT_ORG_UUID)), aPrivilege('READ_COLLECTORS')] }),
        organization: { current: plant, root, hasManualEntryForms: false },
      },
    },
  );
}

const answer = (info: LicenseInfo) => server.use(licenceInfoHandler(info));

describe('licence banner', () => {
  it('nothing shows while loading', async () => {
    const asked = deferred();
    const mayAnswer = deferred();
    server.use(
      http.get('/api/license/info', async () => {
        asked.resolve();
        await mayAnswer.promise;
        return HttpResponse.json({ LicenseClaims: [] });
      }),
    );
    renderBanner();
    await asked.promise;
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    mayAnswer.resolve();
    expect(await screen.findByRole('link', { name: /No licence is installed/ })).toBeInTheDocument();
  });

  it('with no claims, a no-licence warning appears', async () => {
    answer({ LicenseClaims: [] });
    renderBanner();
    expect(await screen.findByRole('link', { name: /No licence is installed/ })).toBeInTheDocument();
  });

  it('with claims but no licence for the organization, an old-licence warning appears', async () => {
    answer({ LicenseClaims: [aLicence({ OrganizationUUID: ORG_B_UUID })] });
    renderBanner();
    expect(await screen.findByRole('link', { name: /no licence for this organization/ })).toBeInTheDocument();
  });

  it('if the licence has expired, an expired warning appears', async () => {
    answer({ LicenseClaims: [aLicence({ ExpiresAt: nowSeconds() - DAY_S })] });
    renderBanner();
    expect(await screen.findByRole('link', { name: /The licence has expired/ })).toBeInTheDocument();
  });

  it('if it expires within 30 days, a warning with the days until expiry appears', async () => {
    answer({ LicenseClaims: [aLicence({ ExpiresAt: nowSeconds() + 12 * DAY_S - 60 })] });
    renderBanner();
    expect(await screen.findByRole('link', { name: /expires in 12 days/ })).toBeInTheDocument();
  });

  it('a trial warns with the days it has left', async () => {
    answer({ LicenseClaims: [aTrial({ ExpiresAt: nowSeconds() + DAY_S - 60 })] });
    renderBanner();
    expect(await screen.findByRole('link', { name: /expires in 1 day\./ })).toBeInTheDocument();
  });

  it('shows no banner while the setup wizard runs, where the licence is chosen', async () => {
    answer({ LicenseClaims: [aTrial({ ExpiresAt: nowSeconds() + 30 * DAY_S - 60 })] });
    const { store } = renderBanner(undefined, '/setup');
    await waitFor(() => expect(store.getState().licence.loaded).toBe(true));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/setup');
  });

  it('a licence with more than 30 days left shows no banner', async () => {
    answer({ LicenseClaims: [aLicence()] });
    const { store } = renderBanner();
    await waitFor(() => expect(store.getState().licence.loaded).toBe(true));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('banners appear only to users holding ManageSettings at root', async () => {
    answer({ LicenseClaims: [] });
    const { store } = renderBanner(['READ_SETTINGS']);
    await waitFor(() => expect(store.getState().licence.loaded).toBe(true));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('clicking a banner goes to the licence configuration page', async () => {
    answer({ LicenseClaims: [] });
    const { user } = renderBanner();
    await user.click(await screen.findByRole('link', { name: /No licence is installed/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/configuration/license');
  });

  it('keeps the stored licence claims current for the menu’s licence features', async () => {
    const licence = aLicence();
    answer({ LicenseClaims: [licence], Error: 'one licence is unreadable' });
    const { store } = renderBanner([]);
    await waitFor(() => expect(store.getState().licence.claims).toEqual([licence]));
    expect(store.getState().licence.error).toBe('one licence is unreadable');
  });
});
