import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { ManualEntryFormRead } from '../../api/generated/historian.gen';
import { paths } from '../../lib/paths';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { ManualEntryFormsPage } from './ManualEntryFormsPage';

// The list shows what the server sends (only the forms the caller may open), each with the caller's access.

const aForm = (overrides: Partial<ManualEntryFormRead> = {}): ManualEntryFormRead => ({
  UUID: '10000000-0000-4000-8000-000000000001',
  Name: 'Lab results',
  Description: 'Samples from the lab',
  Type: 'Events',
  Config: { EventConfigurations: [] },
  Access: { Level: 'default', CanManage: false },
  ...overrides,
});

const LAB = aForm();
const SHIFT = aForm({ UUID: '10000000-0000-4000-8000-000000000002', Name: 'Shift readings', Type: 'Asset Properties', Description: 'Hourly rounds', Access: { Level: 'elevated', CanManage: true } });
const AUDIT = aForm({ UUID: '10000000-0000-4000-8000-000000000003', Name: 'Quality audit', Description: '', Access: { Level: 'disabled', CanManage: true } });

function renderList(privileges: string[], route: string = paths.manualEntryForms) {
  document.cookie = 'XSRF-TOKEN=test';
  server.use(noTranslationOverrides());
  return renderWithProviders(
    <Routes>
      <Route path={paths.manualEntryForms} element={<ManualEntryFormsPage />} />
      <Route path={paths.manualEntryFormView} element={<p>operator view</p>} />
      <Route path={paths.manualEntryForm} element={<p>configuration page</p>} />
    </Routes>,
    {
      route,
      preloadedState: {
        session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name, ORG_A_UUID)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: true },
      },
    },
  );
}

describe('manual entry forms list', () => {
  it('lists only the forms the server sends, with type and the caller access as a badge', async () => {
    server.use(http.get('/api/manual-entry-forms', () => HttpResponse.json([LAB, SHIFT, AUDIT])));
    renderList(['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS']);
    const rows = await screen.findAllByRole('row', { name: /^Open / });
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Lab results')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Events')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Default')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Asset properties')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Elevated')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Manager, read only')).toBeInTheDocument();
    expect(screen.getByText('3 forms')).toBeInTheDocument();
  });

  it('a click on a row opens the operator view', async () => {
    server.use(http.get('/api/manual-entry-forms', () => HttpResponse.json([LAB])));
    const { user } = renderList(['READ_MANUAL_ENTRY_FORMS']);
    await user.click(await screen.findByText('Samples from the lab'));
    expect(await screen.findByText('operator view')).toBeInTheDocument();
  });

  it('Enter on a focused row opens the operator view', async () => {
    server.use(http.get('/api/manual-entry-forms', () => HttpResponse.json([LAB])));
    const { user } = renderList(['READ_MANUAL_ENTRY_FORMS']);
    const row = await screen.findByRole('row', { name: 'Open Lab results' });
    row.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('operator view')).toBeInTheDocument();
  });

  it('New form and Configure only for managers', async () => {
    server.use(http.get('/api/manual-entry-forms', () => HttpResponse.json([LAB])));
    renderList(['READ_MANUAL_ENTRY_FORMS']);
    await screen.findByText('Lab results');
    expect(screen.queryByRole('link', { name: 'New form' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Configure/ })).not.toBeInTheDocument();
  });

  it('a manager creates a form and configures each form from the list', async () => {
    server.use(http.get('/api/manual-entry-forms', () => HttpResponse.json([SHIFT])));
    const { user } = renderList(['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS']);
    expect(await screen.findByRole('link', { name: 'New form' })).toHaveAttribute('href', `${paths.manualEntryForm}?id=new`);
    await user.click(await screen.findByRole('link', { name: 'Configure Shift readings' }));
    expect(await screen.findByText('configuration page')).toBeInTheDocument();
  });

  it('the empty list says what forms are for, without offering to create one to an operator', async () => {
    server.use(http.get('/api/manual-entry-forms', () => HttpResponse.json([])));
    renderList(['READ_MANUAL_ENTRY_FORMS']);
    expect(await screen.findByText(/No form is open to you yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New form' })).not.toBeInTheDocument();
  });

  it('the empty list says what forms are for and offers a manager to create one', async () => {
    server.use(http.get('/api/manual-entry-forms', () => HttpResponse.json([])));
    renderList(['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS']);
    const message = await screen.findByText(/lets operators type values no sensor measures/);
    expect(within(message.parentElement ?? document.body).getByRole('link', { name: 'New form' })).toBeInTheDocument();
  });

  it('the keyword is read from the address and sent to the server', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/manual-entry-forms', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('Keyword'));
        return HttpResponse.json([LAB]);
      }),
    );
    renderList(['READ_MANUAL_ENTRY_FORMS'], `${paths.manualEntryForms}?Keyword=lab`);
    await screen.findByText('Lab results');
    expect(asked).toEqual(['lab']);
    expect(screen.getByRole('searchbox', { name: 'Search forms' })).toHaveValue('lab');
  });
});
