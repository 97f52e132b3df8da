import { anAuthOption } from '../../testing/fixtures';
import { watchPopup, type WatchedPopup } from './externalLogin';
import { externalLoginUrl, popupFeatures } from './popupWindow';

const ORIGIN = 'http://historian.local:8080';
const corp = anAuthOption({ UUID: '00000000-0000-4000-8000-000000000009', ProviderName: 'corp', ProviderType: 'oidc', AuthPath: '/api/auth/corp/start' });

/** A popup whose location throws while it is "at the provider", like a cross-origin window. */
function fakePopup(start = 'about:blank') {
  const state = { closed: false, href: start, atProvider: false, reads: 0 };
  const popup: WatchedPopup = {
    get closed() {
      return state.closed;
    },
    get location() {
      return {
        get href() {
          state.reads += 1;
          if (state.atProvider) throw new DOMException('Blocked a frame with origin', 'SecurityError');
          return state.href;
        },
      };
    },
    close: jest.fn(() => {
      state.closed = true;
    }),
  };
  return { popup, state };
}

describe('external login popup (SPEC §2)', () => {
  it("opens on the provider's auth path with id and from, the return URL with /done appended", () => {
    const url = new URL(externalLoginUrl(corp, { origin: ORIGIN, pathname: '/', search: '' }), ORIGIN);
    expect(url.pathname).toBe('/api/auth/corp/start');
    expect(url.searchParams.get('id')).toBe(corp.UUID);
    expect(url.searchParams.get('from')).toBe(`${ORIGIN}/#/login/done`);
  });

  it('keeps the page path of an installation below a sub-path in the return URL', () => {
    const url = new URL(externalLoginUrl(corp, { origin: ORIGIN, pathname: '/historian/', search: '' }), ORIGIN);
    expect(url.searchParams.get('from')).toBe(`${ORIGIN}/historian/#/login/done`);
  });

  it('falls back to /api/auth/{provider}/start when the option names no auth path', () => {
    const url = externalLoginUrl({ ...corp, AuthPath: undefined }, { origin: ORIGIN, pathname: '/', search: '' });
    expect(url.startsWith('/api/auth/corp/start?')).toBe(true);
  });

  it('is 500 x 600', () => {
    const features = popupFeatures({ screenX: 0, screenY: 0, outerWidth: 1500, outerHeight: 1000 });
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
    expect(features).toContain('left=500');
    expect(features).toContain('top=200');
  });
});

describe('watching the popup (SPEC §2, §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is polled every 100 ms', async () => {
    const { popup, state } = fakePopup();
    void watchPopup(popup, ORIGIN);
    await jest.advanceTimersByTimeAsync(99);
    expect(state.reads).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(state.reads).toBe(1);
    await jest.advanceTimersByTimeAsync(200);
    expect(state.reads).toBe(3);
  });

  it('a window closed by the user is reported as closed', async () => {
    const { popup, state } = fakePopup();
    const outcome = watchPopup(popup, ORIGIN);
    await jest.advanceTimersByTimeAsync(300);
    state.closed = true;
    await jest.advanceTimersByTimeAsync(100);
    await expect(outcome).resolves.toEqual({ kind: 'closed' });
  });

  it('waits while the popup is at the identity provider, whose location cannot be read', async () => {
    const { popup, state } = fakePopup();
    state.atProvider = true;
    let settled = false;
    void watchPopup(popup, ORIGIN).then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false);
    expect(popup.close).not.toHaveBeenCalled();
  });

  it('back on /login/done without an error: the popup is closed and the sign-in goes on', async () => {
    const { popup, state } = fakePopup();
    const outcome = watchPopup(popup, ORIGIN);
    state.href = `${ORIGIN}/#/login/done`;
    await jest.advanceTimersByTimeAsync(100);
    await expect(outcome).resolves.toEqual({ kind: 'returned' });
    expect(popup.close).toHaveBeenCalled();
  });

  it('an error in the popup URL fails the login and closes the popup', async () => {
    const { popup, state } = fakePopup();
    const outcome = watchPopup(popup, ORIGIN);
    state.href = `${ORIGIN}/#/login/done?error=login_failed`;
    await jest.advanceTimersByTimeAsync(100);
    await expect(outcome).resolves.toEqual({ kind: 'error', error: 'login_failed' });
    expect(popup.close).toHaveBeenCalled();
  });

  it('a /login/done page on another origin is not ours', async () => {
    const { popup, state } = fakePopup();
    let settled = false;
    void watchPopup(popup, ORIGIN).then(() => (settled = true));
    state.href = 'http://evil.example/#/login/done';
    await jest.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);
  });

  it('stops when the caller goes away', async () => {
    const { popup } = fakePopup();
    const controller = new AbortController();
    const outcome = watchPopup(popup, ORIGIN, controller.signal);
    controller.abort();
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' });
  });
});
