import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { accessApi } from '../../../api/areas/access';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { aLicence, aTrial, licenceInfoHandler, noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { LicencePage } from './LicencePage';

// SPEC §2 "Licence details": a table with name, organization, expiry and features and a view
// action; SPEC §8's licence messages on the update path.

const licence = aLicence({ ExpiresAt: Date.parse('2031-03-15T12:00:00Z') / 1000 });
const A_TOKEN = `${btoa(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }))}.${btoa(JSON.stringify({ jti: 'x' }))}.c2ln`.replace(/=/g, '');

function renderPage(rootPrivileges = ['MANAGE_SETTINGS', 'READ_ORGANIZATIONS'], info = licenceInfoHandler({ LicenseClaims: [licence, aTrial({ Name: 'Trial' })] })) {
  document.cookie = 'XSRF-TOKEN=test';
  server.use(
    info,
    http.get('/api/organizations', () => HttpResponse.json([{ UUID: ORG_A_UUID, Name: 'Plant A' }])),
    http.get('/api/license/fingerprint', () => HttpResponse.json({ token: 'fp' })),
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    noTranslationOverrides(),
  );
  return renderWithProviders(
    <>
      <LicencePage />
      <ToastViewport />
    </>,
    {
      preloadedState: {
        session: aSession({ userPrivileges: rootPrivileges.map((name) => aPrivilege(name, ROOT_ORG_UUID)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
}

describe('licence page', () => {
  it('lists the licences with name, organization, expiry and features', async () => {
    renderPage();
    const row = await screen.findByRole('row', { name: /Acme licence/ });
    for (const header of ['Name', 'Organization', 'Expiry', 'Features']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(row).getByText('Plant A')).toBeInTheDocument();
    expect(within(row).getByText(/2031/)).toBeInTheDocument();
    expect(within(row).getByText('Calculations, Events, ManualEntry (5)')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Trial/ })).getByText('All organizations (trial)')).toBeInTheDocument();
  });

  it('the view action shows one licence in full', async () => {
    const { user } = renderPage();
    const row = await screen.findByRole('row', { name: /Acme licence/ });
    await user.click(within(row).getByRole('button', { name: 'View' }));
    const dialog = screen.getByRole('dialog', { name: 'Acme licence' });
    expect(within(dialog).getByText(licence.UUID)).toBeInTheDocument();
    expect(within(dialog).getByText('ManualEntry: 5')).toBeInTheDocument();
  });

  it('shows historian.errors.update_license when the server refuses a token', async () => {
    const { user } = renderPage();
    server.use(
      http.post('/api/license', () =>
        HttpResponse.json(
          { title: 'Bad Request', status: 400, detail: 'The licence has expired', code: 'historian.errors.invalid_token' },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    await user.click(await screen.findByLabelText('Paste the licence token'));
    await user.paste(A_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('The licence could not be activated.')).toBeInTheDocument();
  });

  it('shows historian.success.update_license when the token is accepted', async () => {
    const { user } = renderPage();
    server.use(http.post('/api/license', () => HttpResponse.json({ LicenseClaims: [licence] })));
    await user.click(await screen.findByLabelText('Paste the licence token'));
    await user.paste(A_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('The licence is activated.')).toBeInTheDocument();
  });

  it('shows historian.errors.copy_token when the fingerprint cannot be copied', async () => {
    const { user } = renderPage();
    await screen.findByDisplayValue('fp');
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('The token could not be copied.')).toBeInTheDocument();
  });

  it('follows when a licence is given to an organization', async () => {
    const spare = aLicence({ UUID: '44444444-4444-4444-8444-444444444444', Name: 'Spare licence', OrganizationUUID: undefined });
    let holder: string | undefined;
    server.use(
      http.put('/api/organizations/:id', async ({ params, request }) => {
        holder = String(params.id);
        return HttpResponse.json({ ...((await request.json()) as object), UUID: params.id });
      }),
    );
    const { store } = renderPage(undefined, http.get('/api/license/info', () => HttpResponse.json({ LicenseClaims: [{ ...spare, OrganizationUUID: holder }] })));
    const row = await screen.findByRole('row', { name: /Spare licence/ });
    expect(within(row).getByText('Not assigned')).toBeInTheDocument();
    await store.dispatch(
      accessApi.endpoints.updateOrganization.initiate({ id: ORG_A_UUID, organization: { Name: 'Plant A', LicenseUUID: spare.UUID } }),
    );
    expect(await within(screen.getByRole('row', { name: /Spare licence/ })).findByText('Plant A')).toBeInTheDocument();
  });

  it('offers the update only to holders of ManageSettings at root', async () => {
    renderPage(['READ_SETTINGS']);
    await screen.findByRole('row', { name: /Acme licence/ });
    expect(screen.queryByLabelText('Paste the licence token')).not.toBeInTheDocument();
  });
});
