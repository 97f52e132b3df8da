import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { aSetting, noTranslationOverrides } from '../../testing/licence';
import { ROOT_ORG_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { ApiSettingsForm } from './ApiSettingsForm';

// SPEC §5 "Base URL … settings", with the rule that the base URL is an http(s) address (the
// server applies the same rule, server/routes/settings.test.ts).

const stored = [
  aSetting('auth.base_url', 'https://historian.example.com'),
  aSetting('api.grpc_port', '50051'),
  aSetting('api.rest_port', '443'),
  aSetting('api.url', 'historian.example.com'),
  aSetting('auth.session_inactive_duration', '8h'),
];

function renderForm() {
  document.cookie = 'XSRF-TOKEN=test';
  let saves = 0;
  server.use(
    noTranslationOverrides(),
    http.put('/api/settings/batch', async ({ request }) => {
      saves += 1;
      return HttpResponse.json(await request.json());
    }),
  );
  const onSaved = jest.fn();
  const rendered = renderWithProviders(
    <>
      <ApiSettingsForm id="api-settings" rootOrganizationUuid={ROOT_ORG_UUID} settings={stored} onSaved={onSaved} onError={jest.fn()} />
      <button type="submit" form="api-settings">
        Save
      </button>
    </>,
  );
  return { ...rendered, onSaved, saves: () => saves };
}

describe('API settings form', () => {
  it('refuses a base URL that is not an http(s) address, with the message next to the field', async () => {
    const { user, saves, onSaved } = renderForm();
    const baseUrl = screen.getByLabelText(/^Base URL/);
    for (const wrong of ['not a url', 'ftp://historian.example.com', 'historian.example.com']) {
      await user.clear(baseUrl);
      await user.type(baseUrl, wrong);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(baseUrl).toHaveAccessibleDescription(/Enter an address that starts with http:\/\/ or https:\/\//);
    }
    expect(saves()).toBe(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('saves an http(s) base URL', async () => {
    const { user, saves, onSaved } = renderForm();
    const baseUrl = screen.getByLabelText(/^Base URL/);
    await user.clear(baseUrl);
    await user.type(baseUrl, 'http://10.0.0.5:8080/historian');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ restartRequired: true }));
    expect(saves()).toBe(1);
    expect(baseUrl).not.toHaveAccessibleDescription(/Enter an address/);
  });
});
