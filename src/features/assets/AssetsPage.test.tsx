import { screen, waitFor, within } from '@testing-library/react';
import { AssetsPage } from './AssetsPage';
import { aPrototype, assetServer, named, plantWorld, type AssetWorld } from './testing/assetFixtures';
import { address, READER, renderPage } from './testing/renderAssets';

// The /assets page (DOMAIN.md §3): the tree loaded level by level, its keyboard (WAI-ARIA tree
// view), the search that reveals an asset, the tree's changes with the server's AssetInUse answer,
// and what a reader sees.

const tree = () => screen.findByRole('tree', { name: 'Assets' });
const item = (name: string) => screen.findByRole('treeitem', { name: new RegExp(`^${name}`) });

function render(world: AssetWorld, route = '/assets', privileges?: typeof READER) {
  assetServer(world);
  return renderPage(<AssetsPage />, route, privileges);
}

describe('assets tree', () => {
  it('loads the top level first and a level only when it is opened', async () => {
    const world = plantWorld();
    const { user } = render(world);
    const site = await item('Site A');
    expect(await item('Site B')).toHaveAttribute('aria-level', '1');
    expect(world.assetLists.map((query) => query.get('Roots'))).toEqual(['true']);
    expect(screen.queryByRole('treeitem', { name: /^Line 1/ })).not.toBeInTheDocument();
    expect(site).toHaveAttribute('aria-expanded', 'false');

    await user.click(within(site).getByText('Site A'));
    await user.keyboard('{ArrowRight}');
    const line = await item('Line 1');
    expect(line).toHaveAttribute('aria-level', '2');
    expect(world.assetLists.at(-1)?.getAll('ParentUUIDs[]')).toEqual([named(world, 'Site A').UUID]);
    expect(await item('Site A')).toHaveAttribute('aria-expanded', 'true');
    // A leaf cannot open.
    expect(await item('Site B')).not.toHaveAttribute('aria-expanded');
  });

  it('moves through the tree by keyboard with one tab stop: Up, Down, Right, Left, Home, End, type-ahead and Enter', async () => {
    const world = plantWorld();
    const { user } = render(world);
    await item('Site B');
    await user.click(screen.getByRole('combobox', { name: 'Find an asset' }));
    await user.tab();
    const first = await item('Site A');
    // The search box comes first; then the tree is one stop, on its first row.
    expect(first).toHaveFocus();
    expect(screen.getAllByRole('treeitem').filter((row) => row.tabIndex === 0)).toHaveLength(1);

    await user.keyboard('{ArrowDown}');
    expect(await item('Site B')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowRight}');
    await item('Line 1');
    await user.keyboard('{ArrowRight}');
    expect(await item('Line 1')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    expect(await item('Oven')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(await item('Line 1')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(await item('Line 1')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{End}');
    expect(await item('Site B')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(await item('Site A')).toHaveFocus();
    await user.keyboard('l');
    expect(await item('Line 1')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe(`/assets?asset=${named(world, 'Line 1').UUID}`));
    expect(await item('Line 1')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Line 1' })).toBeInTheDocument();
  });

  it('finds an asset by its path and opens the tree down to it', async () => {
    const world = plantWorld();
    const { user } = render(world);
    await item('Site A');
    await user.type(screen.getByRole('combobox', { name: 'Find an asset' }), 'oven');
    const option = await screen.findByRole('option', { name: /Site A\/Line 1\/Oven/ });
    await user.click(option);
    await waitFor(() => expect(address()).toBe(`/assets?asset=${named(world, 'Oven').UUID}`));
    expect(await item('Oven')).toHaveAttribute('aria-selected', 'true');
    expect(await item('Line 1')).toHaveAttribute('aria-expanded', 'true');
    expect(await item('Site A')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Oven' })).toBeInTheDocument();
  });

  it('keeps the selected asset in the address: a reload shows it, its ancestors open', async () => {
    const world = plantWorld();
    render(world, `/assets?asset=${named(world, 'Press').UUID}`);
    expect(await item('Press')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Press' })).toBeInTheDocument();
    expect(screen.getByText('Site A / Line 1')).toBeInTheDocument();
  });

  it('offers to create the first site when there are no assets yet', async () => {
    const world = plantWorld();
    world.assets = [];
    world.properties = [];
    const { user } = render(world);
    expect(await screen.findByText(/There are no assets yet. Start with a site/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the first site' }));
    const dialog = await screen.findByRole('dialog', { name: 'New site' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Plant North');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.calls.at(-1)).toMatchObject({ method: 'POST', body: { Name: 'Plant North', ParentUUID: null } }));
    await waitFor(() => expect(screen.getByRole('treeitem', { name: /^Plant North/ })).toHaveAttribute('aria-selected', 'true'));
  });
});

describe('tree changes', () => {
  it('creates a child under the selected asset and selects it', async () => {
    const world = plantWorld();
    const line = named(world, 'Line 1');
    const { user } = render(world, `/assets?asset=${line.UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Add child' }));
    const dialog = await screen.findByRole('dialog', { name: 'New asset under Line 1' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, 'Oven');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Names are unique among siblings: the server's 409 lands on the field.
    expect(await within(dialog).findByText('An asset of this name exists here.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Cooler');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.calls.at(-1)).toMatchObject({ method: 'POST', body: { Name: 'Cooler', ParentUUID: line.UUID } }));
    await waitFor(() => expect(screen.getByRole('treeitem', { name: /^Cooler/ })).toHaveAttribute('aria-selected', 'true'));
    expect(await item('Cooler')).toHaveAttribute('aria-level', '3');
  });

  it('refuses a name with a slash before asking the server, and renames', async () => {
    const world = plantWorld();
    const press = named(world, 'Press');
    const { user } = render(world, `/assets?asset=${press.UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Press' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Press/2');
    expect(within(dialog).getByText('A name cannot contain “/”.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Press 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.calls.at(-1)).toMatchObject({ method: 'PUT', path: `/assets/${press.UUID}`, body: { Name: 'Press 2', ParentUUID: press.ParentUUID } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Press 2' })).toBeInTheDocument();
  });

  it('moves an asset under a parent chosen by search, never under itself', async () => {
    const world = plantWorld();
    const line = named(world, 'Line 1');
    const { user } = render(world, `/assets?asset=${line.UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Line 1' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New parent' }));
    const options = await within(dialog).findAllByRole('option');
    // Line 1 and what is below it cannot hold it.
    expect(options.map((option) => option.textContent)).toEqual(['Site ASite A', 'Site BSite B']);
    await user.click(within(dialog).getByRole('option', { name: /Site B/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(world.calls.at(-1)).toMatchObject({ method: 'PATCH', path: `/assets/${line.UUID}/parent`, body: { ParentUUID: named(world, 'Site B').UUID } }));
    expect(await screen.findByText('Site B', { selector: '.asset-panel-path' })).toBeInTheDocument();
  });

  it('shows what depends on an asset the server refuses to delete, and deletes everything below only once confirmed', async () => {
    const world = plantWorld();
    const line = named(world, 'Line 1');
    const { user, store } = render(world, `/assets?asset=${line.UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Line 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Line 1 with everything below it?' });
    expect(world.calls.at(-1)?.query.get('Cascade')).toBeNull();
    expect(within(dialog).getByText('2 assets below it')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete everything' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Yes, delete it with everything below it' }));
    await user.click(confirm);
    await waitFor(() => expect(world.calls.at(-1)?.query.get('Cascade')).toBe('true'));
    await waitFor(() => expect(address()).toBe(`/assets?asset=${named(world, 'Site A').UUID}`));
    expect(screen.queryByRole('treeitem', { name: /^Line 1/ })).not.toBeInTheDocument();
    // The refusal asked for a confirmation and told nothing; the delete is told once.
    expect(store.getState().toasts.items.map((toast) => ('messageKey' in toast ? toast.messageKey : toast.message))).toEqual(['assets.outcomes.deleted']);
  });
});

describe('asset tabs', () => {
  it('lists the properties with live value and last hour, binds an unbound one, adds one and removes one', async () => {
    const world = plantWorld();
    const press = named(world, 'Press');
    const { user } = render(world, `/assets?asset=${press.UUID}`);
    const table = await screen.findByRole('table', { name: 'Properties of Press' });
    const temperature = within(table).getByRole('row', { name: /Temperature/ });
    expect(within(temperature).getByText('press.temperature')).toBeInTheDocument();
    expect(within(temperature).getByText('°C')).toBeInTheDocument();
    expect(await within(temperature).findByRole('img', { name: /^Last hour: from 19[\d.]* to 2[01][\d.]* °C$/ })).toBeInTheDocument();
    const pressure = within(table).getByRole('row', { name: /Pressure/ });
    expect(within(pressure).getByText('Not bound')).toBeInTheDocument();
    expect(within(pressure).getByText('Applied')).toBeInTheDocument();

    await user.click(within(pressure).getByRole('button', { name: 'Bind Pressure to a measurement' }));
    let dialog = await screen.findByRole('dialog', { name: 'Bind Pressure' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Measurement' }));
    // A property of a prototype keeps its datatype: the boolean measurement is not offered.
    await within(dialog).findByRole('option', { name: /press.temperature/ });
    expect(within(dialog).queryByRole('option', { name: /press.state/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('option', { name: /oven.temperature/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.calls.at(-1)).toMatchObject({ method: 'PUT', body: { Name: 'Pressure', MeasurementUUID: world.measurements[2].UUID } }));

    await user.click(screen.getByRole('button', { name: 'Add property' }));
    dialog = await screen.findByRole('dialog', { name: 'New property of Press' });
    await user.type(within(dialog).getByRole('textbox', { name: /Alias/ }), 'State');
    await user.click(within(dialog).getByRole('combobox', { name: 'Measurement' }));
    await user.click(await within(dialog).findByRole('option', { name: /press.state/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.calls.at(-1)).toMatchObject({ method: 'POST', body: { AssetUUID: press.UUID, Name: 'State', MeasurementUUID: world.measurements[1].UUID } }));
    expect(await screen.findByRole('row', { name: /State/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Temperature' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Temperature?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Temperature/ })).not.toBeInTheDocument());
    expect(world.calls.at(-1)).toMatchObject({ method: 'DELETE' });
  });

  it('edits the metadata by type and shows the keys the prototype still asks for', async () => {
    const world = plantWorld();
    const prototype = aPrototype({ Name: 'Hydraulic press', Metadata: { Capacity: 10, Serial: null } });
    world.prototypes.push(prototype);
    const press = named(world, 'Press');
    Object.assign(press, { PrototypeUUID: prototype.UUID, PrototypeName: prototype.Name, LinkStatus: 'Overridden' });
    const { user } = render(world, `/assets?asset=${press.UUID}`);
    await user.click(await screen.findByRole('tab', { name: 'Metadata' }));
    expect(await screen.findByText('The prototype Hydraulic press asks for 1 value still missing:')).toBeInTheDocument();
    const capacity = screen.getByRole('spinbutton', { name: 'Value of key 1' });
    expect(capacity).toHaveValue(40);
    await user.clear(capacity);
    await user.type(capacity, '55');
    await user.click(screen.getByRole('button', { name: 'Fill in' }));
    await user.type(screen.getByRole('textbox', { name: 'Value of key 4' }), 'SN-1');
    await user.click(screen.getByRole('button', { name: 'Add key' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // An empty key is refused on its row, and nothing is sent.
    expect(screen.getByText('A key is needed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove key 5' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.calls.at(-1)).toMatchObject({ method: 'PUT', body: { Metadata: { Capacity: 55, Vendor: 'Acme', Critical: true, Serial: 'SN-1' } } }));
    await waitFor(() => expect(screen.queryByText(/still missing/)).not.toBeInTheDocument());
  });

  it('shows the prototype link with each status, reviews the changes on the bulk page, and unlinks', async () => {
    const world = plantWorld();
    const prototype = aPrototype({ Name: 'Hydraulic press' });
    world.prototypes.push(prototype);
    const press = named(world, 'Press');
    Object.assign(press, { PrototypeUUID: prototype.UUID, PrototypeName: prototype.Name, LinkStatus: 'NeedsUpdate' });
    const { user } = render(world, `/assets?asset=${press.UUID}`);
    await user.click(await screen.findByRole('tab', { name: /Prototype/ }));
    expect(screen.getByText('Hydraulic press')).toBeInTheDocument();
    expect(screen.getAllByText('Needs update')[0].closest('.link-status')).toHaveAttribute('title', expect.stringContaining('the prototype changed since it was last applied'));
    expect(screen.getByRole('link', { name: 'Review changes' })).toHaveAttribute('href', `/assets/prototypes/bulk?prototype=${prototype.UUID}&assets=${press.UUID}`);
    expect(await screen.findByText('Pressure')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(world.calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/prototypes/${prototype.UUID}/links/${press.UUID}` }));
    expect(await screen.findByText('This asset follows no prototype.')).toBeInTheDocument();
  });
});

describe('without MANAGE_ASSETS', () => {
  it('shows the tree and the asset read-only, with no button that would fail', async () => {
    const world = plantWorld();
    const { user } = render(world, `/assets?asset=${named(world, 'Press').UUID}`, READER);
    expect(await screen.findByRole('heading', { level: 2, name: 'Press' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Properties of Press' });
    for (const name of ['New site', 'Add child', 'Rename', 'Move', 'Delete', 'Add property', 'Bind Pressure to a measurement', 'Remove Temperature']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await user.click(screen.getByRole('tab', { name: 'Metadata' }));
    expect(screen.getByText('Capacity')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Prototype' }));
    expect(screen.getByText('This asset follows no prototype.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link' })).not.toBeInTheDocument();
    await tree();
  });
});
