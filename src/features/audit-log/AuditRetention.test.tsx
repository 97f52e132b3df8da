import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { AuditRetention } from './AuditRetention';

// The audit log's retention (root setting audit.retention_days) on the installation's audit log.

function renderRetention(privileges: string[], stored?: string) {
  document.cookie = 'XSRF-TOKEN=test';
  const saved: unknown[] = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/settings', () =>
      HttpResponse.json(stored === undefined ? [] : [{ UUID: 's1', OrganizationUUID: ROOT_ORG_UUID, Name: 'audit.retention_days', Value: stored }]),
    ),
    http.put('/api/settings/batch', async ({ request }) => {
      const body = (await request.json()) as Array<{ Name: string; Value: string }>;
      saved.push(body);
      return HttpResponse.json(body.map((setting, n) => ({ UUID: `s${n}`, OrganizationUUID: ROOT_ORG_UUID, ...setting })));
    }),
  );
  const view = renderWithProviders(<AuditRetention />, {
    preloadedState: {
      session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name, ROOT_ORG_UUID)) }),
      organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
    },
  });
  return { ...view, saved };
}

describe('audit log retention', () => {
  it('tells a reader of the root settings how long entries are kept, without a form', async () => {
    renderRetention(['READ_AUDIT_LOGS', 'READ_SETTINGS'], '90');
    expect(await screen.findByText(/Entries are kept for 90 days/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save retention' })).not.toBeInTheDocument();
  });

  it('shows nothing to someone who may not read the root settings', async () => {
    const { container } = renderRetention(['READ_AUDIT_LOGS']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });

  it('a manager refuses a bad number with the shared rule’s message, then saves a good one to the root', async () => {
    const { user, saved } = renderRetention(['READ_AUDIT_LOGS', 'READ_SETTINGS', 'MANAGE_SETTINGS']);
    expect(await screen.findByText(/Every entry is kept./)).toBeInTheDocument();
    const days = screen.getByLabelText('Keep entries for (days)');
    await user.clear(days);
    await user.type(days, 'a week');
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a whole number of days (0 keeps every entry).');
    expect(saved).toEqual([]);

    await user.clear(days);
    await user.type(days, ' 30 ');
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(saved).toEqual([[{ Name: 'audit.retention_days', Value: '30', OrganizationUUID: ROOT_ORG_UUID }]]));
  });
});
