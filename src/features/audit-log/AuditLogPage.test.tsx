import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import type { AuditChainVerification, AuditLog } from '../../api/generated/historian.gen';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { AuditLogPage, ConfigurationAuditLogPage } from './AuditLogPage';

// The audit log pages: filters that reach the query and the address, the entries paged as the
// table scrolls, the entry dialog's diff, the chain status and the CSV export.

let counter = 0;
const anEntry = (overrides: Partial<AuditLog> = {}): AuditLog => {
  counter += 1;
  return {
    UUID: `aaaaaaaa-aaaa-4aaa-8aaa-${String(counter).padStart(12, '0')}`,
    Sequence: counter,
    CreatedAt: '2026-11-20T10:00:00.000Z',
    OrganizationUUID: ORG_A_UUID,
    UserUUID: null,
    UserName: 'anna',
    Action: 'Update',
    Area: 'Collectors',
    SubjectType: 'Collector',
    SubjectUUID: 'c-1',
    SubjectName: `Press ${counter}`,
    Before: null,
    After: null,
    Reason: null,
    Hash: 'a'.repeat(64),
    PrevHash: 'b'.repeat(64),
    ...overrides,
  };
};

const INTACT: AuditChainVerification = { Intact: true, CheckedEntries: 1234, Since: '2026-01-05T09:30:00.000Z', CheckedAt: '2026-11-26T12:00:00.000Z', FirstBroken: null };

interface AuditServer {
  queries: URLSearchParams[];
  exports: URLSearchParams[];
  /** The organization header of every audit call. */
  organizations: (string | null)[];
}

/** The audit calls as the server answers them: `pageSize` entries a page (the server's own limit in these tests) out of `entries`. */
function auditServer(entries: AuditLog[], options: { verification?: AuditChainVerification; pageSize?: number; single?: AuditLog } = {}): AuditServer {
  const seen: AuditServer = { queries: [], exports: [], organizations: [] };
  server.use(
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json(null)),
    http.get('/api/audit-logs/verification', ({ request }) => {
      seen.organizations.push(request.headers.get('x-organization-uuid'));
      return HttpResponse.json(options.verification ?? INTACT);
    }),
    http.get('/api/audit-logs/export', ({ request }) => {
      seen.exports.push(new URL(request.url).searchParams);
      return new HttpResponse('CreatedAt,Sequence\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    }),
    http.get('/api/audit-logs/:uuid', ({ params }) => {
      const found = options.single?.UUID === params.uuid ? options.single : entries.find((entry) => entry.UUID === params.uuid);
      return found ? HttpResponse.json(found) : HttpResponse.json({ title: 'Not Found', status: 404 }, { status: 404, headers: { 'content-type': 'application/problem+json' } });
    }),
    http.get('/api/audit-logs', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.queries.push(params);
      seen.organizations.push(request.headers.get('x-organization-uuid'));
      const page = Number(params.get('Page') ?? 1);
      const size = Math.min(options.pageSize ?? 1000, Number(params.get('Limit') ?? 100));
      return HttpResponse.json(entries.slice((page - 1) * size, page * size), { headers: { 'x-total-count': String(entries.length) } });
    }),
  );
  return seen;
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function render(route = '/audit_log', page = <AuditLogPage />) {
  document.cookie = 'XSRF-TOKEN=test';
  return renderWithProviders(
    <>
      {page}
      <Address />
    </>,
    {
      route,
      routePath: '/audit_log',
      preloadedState: {
        session: aSession({ userPrivileges: [aPrivilege('READ_AUDIT_LOGS'), aPrivilege('READ_AUDIT_LOGS', ROOT_ORG_UUID)] }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
/** The disclosure of a multiple-choice filter by its name. */
const filterButton = (name: string) => screen.getByText(name, { selector: '.multi-filter-label' }).closest('summary') as HTMLElement;
const grid = () => screen.findByRole('grid', { name: 'Audit log entries' });
const subjects = async () =>
  within(await grid())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[5].textContent);

describe('audit log page', () => {
  it('follows the page template and lists the entries, newest first as the server orders them, with their count', async () => {
    auditServer([anEntry({ SubjectName: 'Kiln', Action: 'Delete', Reason: 'decommissioned' }), anEntry({ SubjectName: 'Press', Action: 'Create' })]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(await screen.findByText('2 entries')).toBeInTheDocument();
    expect(await subjects()).toEqual(['Kiln', 'Press']);
    const first = within(await grid()).getAllByRole('row')[1];
    expect(within(first).getByText('Deleted')).toHaveClass('audit-badge-delete');
    expect(within(first).getByText('decommissioned')).toBeInTheDocument();
    expect(within(first).getByText('Collectors')).toBeInTheDocument();
  });

  it('sends the filters of the address to the server, bracket style, and keeps AllOrganizations off', async () => {
    const seen = auditServer([anEntry()]);
    render('/audit_log?From=2026-11-01T00:00:00.000Z&Actions=Delete&Actions=Create&Areas=Users&SubjectTypes=User&Subject=pump&User=anna');
    await screen.findByText('1 entry');
    const query = seen.queries[0];
    expect(query.get('From')).toBe('2026-11-01T00:00:00.000Z');
    expect(query.getAll('Actions[]')).toEqual(['Delete', 'Create']);
    expect(query.getAll('Areas[]')).toEqual(['Users']);
    expect(query.getAll('SubjectTypes[]')).toEqual(['User']);
    expect(query.get('Subject')).toBe('pump');
    expect(query.get('User')).toBe('anna');
    expect(query.get('Limit')).toBe('200');
    expect(query.get('Page')).toBe('1');
    expect(query.has('AllOrganizations')).toBe(false);
    // The filters show what the address holds.
    expect(screen.getByRole('searchbox', { name: 'Search subject (name or id)' })).toHaveValue('pump');
    expect(screen.getByRole('searchbox', { name: 'Search user' })).toHaveValue('anna');
    expect(filterButton('Actions')).toHaveTextContent('2 chosen');
  });

  it('puts a chosen filter into the address and the query, and clears them all with one button', async () => {
    const seen = auditServer([anEntry()]);
    const { user } = render();
    await screen.findByText('1 entry');
    await user.click(filterButton('Areas'));
    await user.click(screen.getByRole('checkbox', { name: 'Users' }));
    await waitFor(() => expect(address().getAll('Areas')).toEqual(['Users']));
    await waitFor(() => expect(seen.queries.at(-1)?.getAll('Areas[]')).toEqual(['Users']));

    await user.type(screen.getByRole('searchbox', { name: 'Search user' }), 'bo');
    await waitFor(() => expect(address().get('User')).toBe('bo'));
    await waitFor(() => expect(seen.queries.at(-1)?.get('User')).toBe('bo'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Oldest first');
    await waitFor(() => expect(address().get('Order')).toBe('asc'));
    await waitFor(() => expect(seen.queries.at(-1)?.get('Order')).toBe('asc'));

    await user.click(screen.getByRole('button', { name: 'Last 24 hours' }));
    await waitFor(() => expect(Date.now() - Date.parse(address().get('From') ?? '')).toBeGreaterThan(86_000_000));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address().toString()).toBe(''));
    await waitFor(() => expect([...(seen.queries.at(-1)?.keys() ?? [])].sort()).toEqual(['Limit', 'Page']));
  });

  it('the configuration page asks for every organization’s entries, acting in the root organization', async () => {
    const seen = auditServer([anEntry()]);
    render('/audit_log', <ConfigurationAuditLogPage />);
    await screen.findByText('1 entry');
    expect(seen.queries[0].get('AllOrganizations')).toBe('true');
    await waitFor(() => expect(seen.organizations).toHaveLength(2));
    expect(seen.organizations).toEqual([ROOT_ORG_UUID, ROOT_ORG_UUID]);
  });

  it('the organization’s page acts in the current organization', async () => {
    const seen = auditServer([anEntry()]);
    render();
    await screen.findByText('1 entry');
    await waitFor(() => expect(seen.organizations).toHaveLength(2));
    expect(seen.organizations).toEqual([ORG_A_UUID, ORG_A_UUID]);
  });

  it('loads the next page as the table scrolls near the end of the loaded entries', async () => {
    const entries = Array.from({ length: 30 }, () => anEntry());
    // The server answers 20 a page here, so the first page ends within the rows in view.
    const seen = auditServer(entries, { pageSize: 20 });
    render();
    expect(await screen.findByText('30 entries')).toBeInTheDocument();
    await waitFor(() => expect(seen.queries.map((query) => query.get('Page'))).toEqual(['1', '2']));
    // Virtualised: the grid counts every loaded row (and its header) though only those in view are drawn.
    await waitFor(async () => expect(await grid()).toHaveAttribute('aria-rowcount', '31'));
  });

  it('says when nothing was recorded, and when nothing matches the filters offers to clear them', async () => {
    auditServer([]);
    const { user } = render('/audit_log?Actions=Delete');
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
    await user.click(within(await grid()).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No changes have been recorded yet.')).toBeInTheDocument();
  });

  it('says when the log could not be loaded', async () => {
    auditServer([]);
    server.use(http.get('/api/audit-logs', () => HttpResponse.json({ title: 'Boom', status: 500 }, { status: 500, headers: { 'content-type': 'application/problem+json' } })));
    render();
    expect(await screen.findByText('The data could not be loaded.')).toBeInTheDocument();
  });
});

describe('audit log entry dialog', () => {
  it('shows added paths green, changed ones yellow (old → new), removed ones red, nested paths flattened and secrets hidden', async () => {
    const entry = anEntry({
      SubjectName: 'Plant DB',
      Reason: 'new host',
      Before: { name: 'db', settings: { Host: 'old-host', Port: 5432, Password: '********' }, secure_settings: { Token: '********' }, retired: true },
      After: { name: 'db', settings: { Host: 'new-host', Port: 5432, Password: '********', User: 'historian' }, secure_settings: { Token: '******** (changed)' } },
    });
    auditServer([entry]);
    const { user } = render();
    const row = within(await grid()).getAllByRole('row')[1];
    await user.click(within(row).getByRole('button', { name: 'Show entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit log entry' });
    expect(address().get('Entry')).toBe(entry.UUID);
    expect(within(dialog).getByText('new host')).toBeInTheDocument();

    const changed = within(dialog).getByRole('rowheader', { name: 'settings.Host' }).closest('tr');
    expect(changed).toHaveClass('audit-diff-changed');
    expect(changed).toHaveTextContent('Changedold-host → new-host');
    const added = within(dialog).getByRole('rowheader', { name: 'settings.User' }).closest('tr');
    expect(added).toHaveClass('audit-diff-added');
    expect(added).toHaveTextContent('Addedhistorian');
    const removed = within(dialog).getByRole('rowheader', { name: 'retired' }).closest('tr');
    expect(removed).toHaveClass('audit-diff-removed');
    expect(removed).toHaveTextContent('Removedtrue');
    // A replaced secret is told as such, its values hidden on both sides.
    expect(within(dialog).getByRole('rowheader', { name: 'secure_settings.Token' }).closest('tr')).toHaveTextContent('Changedsecret (hidden) → new secret (hidden)');

    // Unchanged paths are folded away under their count; the secret shows as hidden.
    const unchanged = within(dialog).getByText('3 unchanged fields').closest('details');
    expect(unchanged).not.toHaveAttribute('open');
    await user.click(within(dialog).getByText('3 unchanged fields'));
    expect(unchanged).toHaveAttribute('open');
    const secret = within(dialog).getByRole('rowheader', { name: 'settings.Password' }).closest('tr');
    expect(secret).toHaveTextContent('secret (hidden)');
    expect(secret).not.toHaveTextContent('********');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address().has('Entry')).toBe(false);
  });

  it('opens from a shared address, loading an entry the list does not hold', async () => {
    const single = anEntry({ SubjectName: 'Elsewhere', Action: 'Create', After: { name: 'x' } });
    auditServer([anEntry()], { single });
    render(`/audit_log?Entry=${single.UUID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Audit log entry' });
    expect(await within(dialog).findByText('Elsewhere')).toBeInTheDocument();
    expect(within(dialog).getByRole('rowheader', { name: 'name' }).closest('tr')).toHaveClass('audit-diff-added');
  });
});

describe('audit chain status', () => {
  it('says since when the chain is intact and how many entries were checked', async () => {
    auditServer([anEntry()]);
    render();
    const status = await screen.findByText(/^Chain intact since/);
    expect(status).toHaveTextContent('(1,234 entries checked)');
  });

  it('shows a broken chain in red with the entry and its problem, links to that entry, and checks again on demand', async () => {
    const broken = anEntry({ Sequence: 42, SubjectName: 'Tampered' });
    let checks = 0;
    auditServer([broken]);
    server.use(
      http.get('/api/audit-logs/verification', () => {
        checks += 1;
        return HttpResponse.json({ ...INTACT, Intact: false, FirstBroken: { Sequence: 42, CreatedAt: broken.CreatedAt, UUID: broken.UUID, Problem: 'content_changed' } });
      }),
    );
    const { user } = render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('audit-chain-broken');
    expect(alert).toHaveTextContent('Chain broken at entry #42 (its content was changed)');
    await user.click(within(alert).getByRole('link', { name: 'Show that entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit log entry' });
    expect(within(dialog).getByText('Tampered')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(checks).toBe(2));
  });

  it('offers no link when the caller may not see the broken entry', async () => {
    auditServer([anEntry()], { verification: { ...INTACT, Intact: false, FirstBroken: { Sequence: 7, CreatedAt: null, UUID: null, Problem: 'link_broken' } } });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Chain broken at entry #7 (the link to the previous entry is broken)');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('audit log export', () => {
  it('downloads the CSV of the current filters through the API, showing that it runs', async () => {
    const createObjectURL = jest.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const seen = auditServer([anEntry()]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/audit-logs/export', async ({ request }) => {
        seen.exports.push(new URL(request.url).searchParams);
        await held;
        return new HttpResponse('CreatedAt,Sequence\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const { user } = render('/audit_log?Areas=Users&User=anna');
    await screen.findByText('1 entry');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Exporting…' })).toBeDisabled();
    release();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(seen.exports[0].getAll('Areas[]')).toEqual(['Users']);
    expect(seen.exports[0].get('User')).toBe('anna');
    expect(seen.exports[0].has('Limit')).toBe(false);
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    click.mockRestore();
  });
});
