import { rememberRoute, takeRememberedRoute } from './sessionStorage';

describe('takeRememberedRoute (after login the remembered route is restored, SPEC §2)', () => {
  it('returns the remembered route once and forgets it', () => {
    rememberRoute('/collectors?status=Paused');
    expect(localStorage.getItem('historian.redirectAfterLogin')).toBe('"/collectors?status=Paused"');
    expect(takeRememberedRoute()).toBe('/collectors?status=Paused');
    expect(takeRememberedRoute()).toBeNull();
  });

  it('never returns a login route or a value that is not an in-app route', () => {
    for (const stored of ['"/login"', '"/login/done"', '"https://evil.example/"', '42', 'not json']) {
      localStorage.setItem('historian.redirectAfterLogin', stored);
      expect(takeRememberedRoute()).toBeNull();
      expect(localStorage.getItem('historian.redirectAfterLogin')).toBeNull();
    }
  });
});
