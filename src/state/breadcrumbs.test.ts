import { configurationPath, paths } from '../lib/paths';
import { breadcrumbTrail } from './breadcrumbs';
import { ROUTES } from './routes';

const labels = (pathname: string) => breadcrumbTrail(pathname).map((crumb) => crumb.labelKey);

describe('breadcrumbs of the route table', () => {
  it('home alone on the home page and on a path the table does not know', () => {
    expect(labels(paths.home)).toEqual(['pages.home']);
    expect(labels('/no/such/page')).toEqual(['pages.home']);
  });

  it('a configuration page sits under the configuration index', () => {
    expect(breadcrumbTrail(configurationPath('users'))).toEqual([
      { id: 'home', labelKey: 'pages.home', path: '/' },
      { id: 'configuration', labelKey: 'pages.configuration', path: '/configuration' },
      { id: 'users', labelKey: 'pages.users', path: '/configuration/users' },
    ]);
  });

  it('a detail page sits under its list', () => {
    expect(labels(configurationPath('user'))).toEqual(['pages.home', 'pages.configuration', 'pages.users', 'pages.user']);
    expect(labels(configurationPath('edit_organization'))).toEqual(['pages.home', 'pages.configuration', 'pages.organizations', 'pages.edit_organization']);
  });

  it('a nested path sits under the routes its path names', () => {
    expect(labels(paths.assetPrototypesBulk)).toEqual(['pages.home', 'pages.assets', 'pages.asset_prototypes', 'pages.asset_prototypes_bulk']);
    expect(labels(paths.productUpdates)).toEqual(['pages.home', 'pages.collectors', 'pages.product_updates']);
  });

  it('a route in a sidebar group shows the group, which opens no page', () => {
    const trail = breadcrumbTrail(paths.eventTypes);
    expect(trail.map((crumb) => crumb.labelKey)).toEqual(['pages.home', 'menu.events', 'pages.event_types']);
    expect(trail[1].path).toBeUndefined();
  });

  it('an alias spelling gives the same trail', () => {
    expect(labels(paths.eventConfigurations)).toEqual(labels(paths.eventTypes));
    expect(labels(configurationPath('audit_logs'))).toEqual(['pages.home', 'pages.configuration', 'pages.audit_log']);
  });

  it('every route of the table ends its trail with its own title, under home', () => {
    for (const route of ROUTES) {
      const trail = breadcrumbTrail(route.path);
      expect(trail[0].id).toBe('home');
      expect(trail[trail.length - 1]).toEqual({ id: route.id, labelKey: route.titleKey, path: route.path });
    }
  });
});
