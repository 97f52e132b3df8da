import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AccessGrant } from '../../../api/generated/historian.gen';
import { makeStore } from '../../../app/store';
import { selectVisibleConfigurationLinks } from '../../../state/configurationMenu';
import type { MenuItem } from '../../../state/menu';
import { selectVisibleMenu } from '../../../state/menu';
import type { LicenceState } from '../../../state/licence';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { ExplainAccessPanel } from './ExplainAccessPanel';

// Explain access says of another user's menu exactly what that user's sidebar and configuration
// index show (SPEC §2 sidebar): all come from one route table and one evaluation.

const USER_UUID = '99999999-9999-4999-8999-999999999999';
const ORGANIZATIONS = { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true } };
const LICENCE: LicenceState = {
  loaded: true,
  error: null,
  claims: [{ UUID: 'trial', Name: 'Trial', ExpiresAt: 4_102_444_800, Trial: true, LicensedFeatures: { Calculations: true, Events: true, ManualEntry: 1 } }],
};
const READS_ROOT = ['READ_USERS', 'READ_USER_GROUPS'].flatMap((name) => [aPrivilege(name, ORG_A_UUID), aPrivilege(name, ROOT_ORG_UUID)]);
const READS_HERE = ['READ_USERS', 'READ_USER_GROUPS'].map((name) => aPrivilege(name, ORG_A_UUID));

interface Holding {
  here: string[];
  root: string[];
  hasManualEntryForms?: boolean;
}

const grantsOf = ({ here, root }: Holding): AccessGrant[] =>
  [...here.map((name) => [name, ORG_A_UUID]), ...root.map((name) => [name, ROOT_ORG_UUID])].map(([name, organization], index) => ({
    PrivilegeUUID: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    PrivilegeName: name,
    OrganizationUUID: organization,
    GroupUUID: '88888888-8888-4888-8888-888888888888',
    GroupName: 'Crew',
    GroupIsSystem: false,
    ViaMapping: false,
    Mappings: [],
  }));

function renderPanel(holding: Holding, viewer = READS_ROOT) {
  document.cookie = 'XSRF-TOKEN=test';
  server.use(noTranslationOverrides(), http.get('/api/users/:id/access', () => HttpResponse.json(grantsOf(holding))));
  return renderWithProviders(<ExplainAccessPanel userUuid={USER_UUID} />, {
    preloadedState: {
      session: aSession({ userPrivileges: viewer }),
      organization: { ...ORGANIZATIONS, hasManualEntryForms: holding.hasManualEntryForms ?? false },
      licence: LICENCE,
    },
  });
}

/** The labels of the sidebar and configuration index that user would see, from the selectors over a store holding their privileges. */
function shownTo(holding: Holding): string[] {
  const store = makeStore({
    session: aSession({ userPrivileges: [...holding.here.map((name) => aPrivilege(name, ORG_A_UUID)), ...holding.root.map((name) => aPrivilege(name, ROOT_ORG_UUID))] }),
    organization: { ...ORGANIZATIONS, hasManualEntryForms: holding.hasManualEntryForms ?? false },
    licence: LICENCE,
  });
  const flatten = (items: readonly MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
  return [...flatten(selectVisibleMenu(store.getState())), ...selectVisibleConfigurationLinks(store.getState())].map((item) => item.labelKey);
}

async function explainedRows(): Promise<Map<string, string>> {
  // The grants first: until they arrive the menu is explained for a user holding nothing.
  await screen.findByRole('table', { name: 'Explain access' });
  const table = screen.getByRole('table', { name: 'Menu access' });
  return new Map(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent ?? '', within(row).getAllByRole('cell').at(-1)?.textContent ?? '']),
  );
}

const HOLDINGS: Array<[string, Holding]> = [
  ['collectors only, nothing at root', { here: ['READ_COLLECTORS'], root: [] }],
  ['users here', { here: ['READ_USERS'], root: [] }],
  ['logs at root only', { here: [], root: ['READ_LOGS'] }],
  ['settings here, organizations at root', { here: ['READ_SETTINGS'], root: ['READ_ORGANIZATIONS'] }],
  ['measurements and events with licence features', { here: ['READ_MEASUREMENTS', 'READ_EVENTS'], root: [] }],
  ['manual entry forms without forms', { here: ['READ_MANUAL_ENTRY_FORMS', 'READ_ASSETS'], root: ['READ_SETTINGS'] }],
  ['manual entry forms with forms', { here: ['READ_MANUAL_ENTRY_FORMS', 'READ_EVENT_CONFIGURATIONS'], root: [], hasManualEntryForms: true }],
];

describe('explain access and the menu agree', () => {
  it.each(HOLDINGS)('for %s', async (_name, holding) => {
    const { i18n } = renderPanel(holding);
    const rows = await explainedRows();
    const shown = new Set(shownTo(holding).map((key) => i18n.t(key)));
    expect(rows.size).toBeGreaterThan(0);
    for (const [label, verdict] of rows) expect([label, verdict]).toEqual([label, shown.has(label) ? 'granted' : 'not granted']);
  });

  it('does not report Configuration granted to a user whose sidebar has no Configuration', async () => {
    renderPanel({ here: ['READ_COLLECTORS', 'READ_ASSETS'], root: [] });
    expect((await explainedRows()).get('Configuration')).toBe('not granted');
  });

  it('says an item depends on root-level privileges when the viewer cannot see them', async () => {
    const first = renderPanel({ here: ['READ_COLLECTORS'], root: [] }, READS_HERE);
    expect((await explainedRows()).get('Configuration')).toBe('depends on root-level privileges you cannot see');
    expect((await explainedRows()).get('Collectors')).toBe('granted');
    first.unmount();
    renderPanel({ here: ['READ_USER_GROUPS'], root: [] }, READS_HERE);
    expect((await explainedRows()).get('Configuration')).toBe('granted');
  });

  it('names each privilege as the group page does, not by its constant', async () => {
    renderPanel({ here: ['READ_COLLECTORS', 'MANAGE_MEASUREMENT_DATA'], root: ['READ_LOGS'] });
    const grants = await screen.findByRole('table', { name: 'Explain access' });
    expect(within(grants).getByRole('row', { name: /^Collectors: read Crew membership$/ })).toBeInTheDocument();
    expect(within(grants).getByRole('row', { name: /^Measurement data: manage Crew/ })).toBeInTheDocument();
    expect(within(grants).getByRole('row', { name: /^Logs: read at root Crew/ })).toBeInTheDocument();
    expect(within(grants).queryByText('READ_COLLECTORS')).not.toBeInTheDocument();
    // The menu's requirements use the same names.
    const menu = screen.getByRole('table', { name: 'Menu access' });
    expect(within(menu).getByRole('row', { name: /^Collectors Collectors: read/ })).toBeInTheDocument();
  });
});
