import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { SideMenu } from '../../app/SideMenu';
import { ToastViewport } from '../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { aSetting } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { SetupGate } from './SetupGate';
import { SetupPage } from './SetupPage';
import { DATABASE_TYPE_UUID, FINGERPRINT, NEW_ORGANIZATION_UUID, rootAdmin, serveFreshInstallation } from './testing/setupServer';

// SPEC §2 "Setup wizard" and §4 "Setup" through the screen: what each step shows and submits.

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderSetup(route = '/setup', preloadedState: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <>
      <SetupGate />
      <Routes>
        <Route path="/setup" element={<SetupPage />} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
      <ToastViewport />
    </>,
    { route, preloadedState: rootAdmin(), ...preloadedState },
  );
}

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const A_TOKEN = `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64({ jti: 'x', exp: 2e9 })}.c2lnbmF0dXJl`;

const wizard = () => screen.findByRole('dialog', { name: 'Set up Historian Console' });
const stepHeading = (name: string) => screen.findByRole('heading', { level: 3, name });
const next = () => screen.getByRole('button', { name: 'Next' });

describe('opening the wizard', () => {
  afterEach(() => jest.useRealTimers());

  it('opens while setup.done is not true', async () => {
    serveFreshInstallation();
    renderSetup();
    expect(await wizard()).toBeInTheDocument();
    expect(await stepHeading('Welcome')).toBeInTheDocument();
  });

  it('/setup redirects to / when setup.done is true', async () => {
    serveFreshInstallation([aSetting('setup.done', 'true')]);
    renderSetup();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('/setup redirects to / when setup.done is missing', async () => {
    serveFreshInstallation([]);
    renderSetup();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('opens from the home page for holders of ManageSettings at root while setup is pending', async () => {
    serveFreshInstallation();
    renderSetup('/');
    expect(await wizard()).toBeInTheDocument();
  });

  it('does not open from the home page for users without ManageSettings at root', async () => {
    jest.useFakeTimers();
    serveFreshInstallation();
    renderSetup('/', {
      preloadedState: {
        session: aSession({ userPrivileges: [aPrivilege('READ_SETTINGS', ROOT_ORG_UUID), aPrivilege('READ_COLLECTORS')] }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    });
    // Past any answer the gate could have waited for, on a fake clock.
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('the wizard on a first run, trial chosen', () => {
  it('walks through every step and finish saves setup.done and setup.trial_mode', async () => {
    const sent = serveFreshInstallation();
    const { user } = renderSetup();
    await wizard();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(next());

    // Step 1: undecided, then trial with the EULA.
    await stepHeading('Licence');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(next());
    expect(within(await wizard()).getByRole('alert')).toHaveTextContent('Choose a licence or a trial first.');
    await user.click(screen.getByRole('button', { name: 'Start a 30-day trial' }));
    await user.click(next());
    expect(within(await wizard()).getByRole('alert')).toHaveTextContent('Accept the end-user licence agreement');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the end-user licence agreement' }));
    await user.click(next());

    // Step 2: the default organization, pre-filled.
    await stepHeading('Default organization');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Default organization');
    expect(screen.getByLabelText(/^PostgreSQL user/)).toHaveValue('default_org_read_only');
    await user.type(screen.getByLabelText(/^PostgreSQL password/), 'secret-1');
    await user.type(screen.getByLabelText(/^Confirm the PostgreSQL password/), 'secret-2');
    await user.click(next());
    expect(await screen.findByText('The passwords must be equal.')).toBeInTheDocument();
    expect(sent.organizations).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Confirm the PostgreSQL password/));
    await user.type(screen.getByLabelText(/^Confirm the PostgreSQL password/), 'secret-1');
    await user.click(next());

    // Step 3: a real time-series database in the new organization.
    await stepHeading('Time-series database');
    expect(sent.organizations).toEqual([
      expect.objectContaining({ Name: 'Default organization', PostgresUser: 'default_org_read_only', PostgresPassword: 'secret-1', PostgresPasswordConfirm: 'secret-1' }),
    ]);
    expect(await screen.findByLabelText(/^Create the database/)).toBeChecked();
    await user.click(next());

    // Step 4: API settings; the session duration's placeholder is 1m.
    await stepHeading('API and authentication');
    expect(sent.databases).toEqual([
      { body: expect.objectContaining({ Name: 'historian', TimeseriesDatabaseTypeUUID: DATABASE_TYPE_UUID }), organization: NEW_ORGANIZATION_UUID, createDatabase: 'true' },
    ]);
    const duration = screen.getByLabelText(/^Session inactive duration/);
    expect(duration).toHaveAttribute('placeholder', '1m');
    await user.clear(duration);
    await user.type(duration, '90');
    await user.click(next());
    expect(await screen.findByText(/Use digits followed by w, d, h, m or s/)).toBeInTheDocument();
    await user.clear(duration);
    await user.type(duration, '1h30m');
    await user.click(next());

    // Step 5: back goes to step 4 outside trial mode, then finish.
    await stepHeading('Finished');
    expect(sent.batches[0]).toContainEqual({ Name: 'auth.session_inactive_duration', Value: '1h30m', OrganizationUUID: ROOT_ORG_UUID });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await stepHeading('API and authentication');
    await user.click(next());
    await stepHeading('Finished');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(sent.batches.at(-1)).toEqual([
      { Name: 'setup.done', Value: 'true', OrganizationUUID: ROOT_ORG_UUID },
      { Name: 'setup.trial_mode', Value: 'true', OrganizationUUID: ROOT_ORG_UUID },
    ]);
    expect(sent.organizations).toHaveLength(1);
    expect(sent.databases).toHaveLength(1);
  });

  it('opens the EULA in a dialog with the embedded document and an open-in-new-tab link', async () => {
    serveFreshInstallation();
    const { user } = renderSetup();
    await wizard();
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Start a 30-day trial' }));
    await user.click(screen.getByRole('button', { name: 'Read the EULA' }));
    const dialog = screen.getByRole('dialog', { name: 'End-user licence agreement' });
    expect(within(dialog).getByTitle('End-user licence agreement')).toHaveAttribute('src', 'eula.html');
    const link = within(dialog).getByRole('link', { name: 'Open in a new tab' });
    expect(link).toHaveAttribute('href', 'eula.html');
    expect(link).toHaveAttribute('target', '_blank');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'End-user licence agreement' })).not.toBeInTheDocument();
  });

  it('cancel on the trial path returns to the choice', async () => {
    serveFreshInstallation();
    const { user } = renderSetup();
    await wizard();
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Start a 30-day trial' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'I have a licence' })).toBeInTheDocument();
  });
});

describe('the licence path', () => {
  async function openLicencePath() {
    const sent = serveFreshInstallation();
    const rendered = renderSetup();
    await wizard();
    await rendered.user.click(next());
    await rendered.user.click(await screen.findByRole('button', { name: 'I have a licence' }));
    return { sent, ...rendered };
  }

  it('shows the three steps: copy the fingerprint, obtain a token, paste and activate or cancel', async () => {
    const { user } = await openLicencePath();
    expect(await screen.findByDisplayValue(FINGERPRINT)).toBeInTheDocument();
    expect(screen.getByText(/obtain a licence token/)).toBeInTheDocument();
    expect(screen.getByLabelText('Paste the licence token')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'I have a licence' })).toBeInTheDocument();
  });

  it('copies the fingerprint token and says so', async () => {
    const { user } = await openLicencePath();
    await screen.findByDisplayValue(FINGERPRINT);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FINGERPRINT);
    expect(await screen.findByText('The token is copied to the clipboard.')).toBeInTheDocument();
  });

  it('refuses a token that is not a well-formed JWT with historian.errors.invalid_token', async () => {
    const { user, sent } = await openLicencePath();
    await user.type(screen.getByLabelText('Paste the licence token'), 'not-a-token');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(within(await wizard()).getByRole('alert')).toHaveTextContent('This is not a valid licence token.');
    expect(sent.licences).toEqual([]);
  });

  it('activates a token as the form field licenseToken, then next offers the licence to the default organization', async () => {
    const { user, sent } = await openLicencePath();
    await user.click(screen.getByLabelText('Paste the licence token'));
    await user.paste(A_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('The licence is activated.')).toBeInTheDocument();
    expect(sent.licences).toEqual([A_TOKEN]);
    expect(within(await wizard()).getByRole('status')).toHaveTextContent('The licence is activated. Press next');
    await user.click(next());
    await stepHeading('Default organization');
    expect(await screen.findByRole('option', { name: 'Acme licence' })).toBeInTheDocument();
  });

  it('next activates a pasted token and moves on', async () => {
    const { user, sent } = await openLicencePath();
    await user.click(screen.getByLabelText('Paste the licence token'));
    await user.paste(A_TOKEN);
    await user.click(next());
    await stepHeading('Default organization');
    expect(sent.licences).toEqual([A_TOKEN]);
  });
});

describe('the wizard in trial mode (setup.trial_mode already true)', () => {
  const trialMode = [aSetting('setup.done', 'false'), aSetting('setup.trial_mode', 'true')];

  it('with trial chosen, jumps from the licence step to step 5 and back to step 1', async () => {
    serveFreshInstallation(trialMode);
    const { user } = renderSetup();
    await wizard();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Welcome', 'Licence', 'Finished']);
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Start a 30-day trial' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the end-user licence agreement' }));
    await user.click(next());
    await stepHeading('Finished');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await stepHeading('Licence');
  });
});

describe('after setup', () => {
  it("finishing setup reads the admin's own privileges again and opens the console in the default organization, without a new sign-in", async () => {
    serveFreshInstallation([aSetting('setup.done', 'false'), aSetting('setup.trial_mode', 'true')]);
    // What the server grants once setup has made the default organization with the admin in it.
    server.use(
      http.get('/api/current-user/privileges', () =>
        HttpResponse.json([aPrivilege('MANAGE_SETTINGS', ROOT_ORG_UUID), aPrivilege('READ_SETTINGS', ROOT_ORG_UUID), aPrivilege('READ_COLLECTORS', NEW_ORGANIZATION_UUID)]),
      ),
      http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
    );
    const { user, store } = renderWithProviders(
      <>
        <SideMenu />
        <Routes>
          <Route path="/setup" element={<SetupPage />} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </>,
      { route: '/setup', preloadedState: rootAdmin() },
    );
    const menu = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(menu).queryByRole('link', { name: 'Collectors' })).not.toBeInTheDocument();
    await wizard();
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Start a 30-day trial' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the end-user licence agreement' }));
    await user.click(next());
    await stepHeading('Finished');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(within(menu).getByRole('link', { name: 'Collectors' })).toBeInTheDocument();
    expect(store.getState().organization.current).toMatchObject({ UUID: NEW_ORGANIZATION_UUID, Name: 'Default organization' });
  });
});
