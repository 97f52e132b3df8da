import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Setting } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { aSetting, noTranslationOverrides, rootSettingsHandler } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { ApiSettingsPage } from './ApiSettingsPage';

// SPEC §2 "API settings", §5 setting rules and §8: the success message, and the restart warning
// when the session duration or base URL changes.

const stored = [
  aSetting('auth.base_url', 'https://historian.example.com'),
  aSetting('api.grpc_port', '50051'),
  aSetting('api.rest_port', '443'),
  aSetting('api.url', 'historian.example.com'),
  aSetting('auth.session_inactive_duration', '8h'),
];

function renderPage(rootPrivileges = ['READ_SETTINGS', 'MANAGE_SETTINGS']) {
  document.cookie = 'XSRF-TOKEN=test';
  const saved: Setting[][] = [];
  server.use(
    rootSettingsHandler(stored),
    noTranslationOverrides(),
    http.put('/api/settings/batch', async ({ request }) => {
      const body = (await request.json()) as Setting[];
      saved.push(body);
      return HttpResponse.json(body);
    }),
  );
  const rendered = renderWithProviders(
    <>
      <ApiSettingsPage />
      <ToastViewport />
    </>,
    {
      preloadedState: {
        session: aSession({ userPrivileges: rootPrivileges.map((name) => aPrivilege(name, ROOT_ORG_UUID)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, saved };
}

const field = (label: RegExp) => screen.findByLabelText(label);

describe('API settings page', () => {
  it('shows base URL, gRPC port, REST port, URL and session inactive duration with placeholder 1m', async () => {
    renderPage();
    expect(await field(/^Base URL/)).toHaveValue('https://historian.example.com');
    expect(await field(/^gRPC port/)).toHaveValue('50051');
    expect(await field(/^REST port/)).toHaveValue('443');
    expect(await field(/^URL/)).toHaveValue('historian.example.com');
    const duration = await field(/^Session inactive duration/);
    expect(duration).toHaveValue('8h');
    expect(duration).toHaveAttribute('placeholder', '1m');
  });

  it('session inactive duration must be digit groups with w, d, h, m or s', async () => {
    const { user, saved } = renderPage();
    const duration = await field(/^Session inactive duration/);
    await user.clear(duration);
    await user.type(duration, '5 minutes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use digits followed by w, d, h, m or s, e.g. 8h or 1h30m.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('base URL, ports and URL are required once trimmed', async () => {
    const { user, saved } = renderPage();
    await user.clear(await field(/^Base URL/));
    await user.type(await field(/^Base URL/), '   ');
    await user.clear(await field(/^REST port/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This setting is required.')).toHaveLength(2);
    expect(saved).toEqual([]);
  });

  it('saves in the root organization, trimmed, and shows the success message', async () => {
    const { user, saved } = renderPage();
    await user.clear(await field(/^URL/));
    await user.type(await field(/^URL/), '  collectors.example.com ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings are saved.')).toBeInTheDocument();
    expect(saved[0]).toContainEqual({ Name: 'api.url', Value: 'collectors.example.com', OrganizationUUID: ROOT_ORG_UUID });
  });

  it('warns that a restart is required when the session duration changes', async () => {
    const { user } = renderPage();
    const duration = await field(/^Session inactive duration/);
    await user.clear(duration);
    await user.type(duration, '1h');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Restart the server/)).toBeInTheDocument();
  });

  it('warns that a restart is required when the base URL changes', async () => {
    const { user } = renderPage();
    await user.clear(await field(/^Base URL/));
    await user.type(await field(/^Base URL/), 'https://new.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Restart the server/)).toBeInTheDocument();
  });

  it('shows configurations.errors.update_setting when saving fails', async () => {
    const { user } = renderPage();
    server.use(http.put('/api/settings/batch', () => HttpResponse.json({ title: 'Bad', status: 400 }, { status: 400, headers: { 'content-type': 'application/problem+json' } })));
    await field(/^URL/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings could not be saved.')).toBeInTheDocument();
  });

  it('without ManageSettings at root the settings show but cannot be saved', async () => {
    renderPage(['READ_SETTINGS']);
    expect(await field(/^URL/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
