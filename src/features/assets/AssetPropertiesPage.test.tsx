import { screen, waitFor, within } from '@testing-library/react';
import { AssetPropertiesPage } from './AssetPropertiesPage';
import { aProperty, assetServer, named, plantWorld } from './testing/assetFixtures';
import { address, READER, renderPage } from './testing/renderAssets';

// /asset-properties (DOMAIN.md §3): one table over the whole tree, searched and filtered on the
// server, paged with x-total-count; a row opens its asset.

const filterButton = (name: string) => screen.getByText(name, { selector: '.multi-filter-label' }).closest('summary') as HTMLElement;

describe('asset properties page', () => {
  it('lists every property with its asset path, measurement, datatype, unit, link status and last value', async () => {
    const world = plantWorld();
    assetServer(world);
    renderPage(<AssetPropertiesPage />, '/asset-properties', READER);
    expect(await screen.findByText('2 properties')).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Asset properties' });
    const rows = within(grid).getAllByRole('row');
    const temperature = within(rows.find((row) => within(row).queryByText('Temperature')) as HTMLElement);
    expect(temperature.getByText('Site A/Line 1/Press')).toBeInTheDocument();
    expect(temperature.getByText('press.temperature')).toBeInTheDocument();
    expect(temperature.getByText('°C')).toBeInTheDocument();
    // The newest point of the last hour (the fixture's last minute).
    expect(await temperature.findByText(new Intl.NumberFormat('en', { maximumFractionDigits: 3 }).format(20 + Math.sin(59 / 6)))).toBeInTheDocument();
    const pressure = within(rows.find((row) => within(row).queryByText('Pressure')) as HTMLElement);
    expect(pressure.getByText('Not bound')).toBeInTheDocument();
    expect(pressure.getByText('Applied')).toBeInTheDocument();
    expect(world.propertyLists[0].get('Limit')).toBe('50');
  });

  it('sends the keyword, datatypes and link statuses to the server, keeps them in the address and clears them', async () => {
    const world = plantWorld();
    assetServer(world);
    const { user } = renderPage(<AssetPropertiesPage />, '/asset-properties?LinkStatuses=Applied', READER);
    await screen.findByText('1 property');
    expect(world.propertyLists[0].getAll('LinkStatuses[]')).toEqual(['Applied']);
    expect(filterButton('Link status')).toHaveTextContent('1 chosen');

    await user.click(filterButton('Datatype'));
    await user.click(screen.getByRole('checkbox', { name: 'boolean' }));
    await waitFor(() => expect(world.propertyLists.at(-1)?.getAll('Datatypes[]')).toEqual(['boolean']));
    expect(await screen.findByText('No property matches these filters.')).toBeInTheDocument();
    expect(address()).toContain('Datatypes=boolean');

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(address()).toBe('/asset-properties'));
    await user.type(screen.getByRole('searchbox', { name: 'Search alias, path or measurement' }), 'press.temp');
    await waitFor(() => expect(world.propertyLists.at(-1)?.get('Keyword')).toBe('press.temp'));
    expect(await screen.findByText('1 property')).toBeInTheDocument();
  });

  it('pages on the server with the total it counts', async () => {
    const world = plantWorld();
    const press = named(world, 'Press');
    world.properties.push(...Array.from({ length: 60 }, (_unused, index) => aProperty({ AssetUUID: press.UUID, AssetPath: press.AssetPath, Name: `extra_${String(index).padStart(2, '0')}` })));
    assetServer(world);
    const { user } = renderPage(<AssetPropertiesPage />, '/asset-properties', READER);
    expect(await screen.findByText('62 properties')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(world.propertyLists.at(-1)?.get('Page')).toBe('2'));
    expect(address()).toBe('/asset-properties?Page=2');
    expect(await screen.findByText('extra_59')).toBeInTheDocument();
  });

  it('opens the asset of a row on the assets page', async () => {
    const world = plantWorld();
    assetServer(world);
    const { user } = renderPage(<AssetPropertiesPage />, '/asset-properties', READER);
    await user.click(await screen.findByText('Pressure'));
    await waitFor(() => expect(address()).toBe(`/assets?asset=${named(world, 'Press').UUID}`));
  });
});
