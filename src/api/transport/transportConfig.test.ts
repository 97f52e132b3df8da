import { http, HttpResponse } from 'msw';
import { server } from '../../testing/server';
import { configureTransport, defaultTransportConfig, resetTransportConfig } from './transportConfig';
import { callBaseQuery, goToRoute, setXsrfCookie } from './transportTestUtils';

afterEach(() => resetTransportConfig());

describe('transport configuration defaults (read local storage and the location hash)', () => {
  it('reads the stored organization as a UUID string or as an organization object', () => {
    localStorage.setItem('historian.organization', JSON.stringify({ UUID: 'org-2', Name: 'Plant' }));
    expect(defaultTransportConfig.getOrganizationUuid()).toBe('org-2');
    localStorage.setItem('historian.organization', JSON.stringify('org-3'));
    expect(defaultTransportConfig.getOrganizationUuid()).toBe('org-3');
    localStorage.removeItem('historian.organization');
    expect(defaultTransportConfig.getOrganizationUuid()).toBeNull();
  });

  it('reads the organization and user locale from the slices redux-persist stores (src/state)', () => {
    const persisted = (slice: Record<string, unknown>) =>
      JSON.stringify(Object.fromEntries(Object.entries(slice).map(([key, value]) => [key, JSON.stringify(value)])));
    localStorage.setItem('historian.organization', persisted({ current: { UUID: 'org-4', Name: 'Plant' }, root: null }));
    localStorage.setItem('historian.session', persisted({ userName: 'ada', userLocale: 'fr' }));
    expect(defaultTransportConfig.getOrganizationUuid()).toBe('org-4');
    expect(defaultTransportConfig.getLocale()).toBe('fr');
  });

  it('takes the current route from the hash and navigates by setting it', () => {
    goToRoute('/collectors?x=1');
    expect(defaultTransportConfig.getLocation()).toBe('/collectors?x=1');
    defaultTransportConfig.navigate('/login');
    expect(window.location.hash).toBe('#/login');
  });

  it('uses injected values instead of the defaults, until reset', async () => {
    const seen: Headers[] = [];
    server.use(http.get('/api/current-user', ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json({});
    }));
    setXsrfCookie();
    localStorage.setItem('historian.userLocale', JSON.stringify('nl'));
    configureTransport({ getLocale: () => 'de' });
    await callBaseQuery('/current-user');
    resetTransportConfig();
    await callBaseQuery('/current-user');
    expect(seen.map((headers) => headers.get('accept-language'))).toEqual(['de', 'nl']);
  });
});
