import { clearStorageExceptOrganization, ORGANIZATION_STORAGE_KEY } from '../api/transport/sessionStorage';
import { applyTheme, chooseTheme, readThemeChoice, subscribeToTheme, THEME_STORAGE_KEY } from './theme';

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('the colour theme of this device', () => {
  it('follows the system until a choice is stored, and ignores a stored value it does not know', () => {
    expect(readThemeChoice()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify('sepia'));
    expect(readThemeChoice()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'not json');
    expect(readThemeChoice()).toBe('system');
  });

  it('applies as data-theme on <html>, and following the system removes it', () => {
    applyTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    applyTheme('system');
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('a choice is stored, applied and told to subscribers', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToTheme(listener);
    chooseTheme('dark');
    expect(readThemeChoice()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    chooseTheme('light');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a choice made in another tab applies here', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToTheme(listener);
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify('dark'));
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it('outlives a lost session, which clears every session item but the organization', () => {
    chooseTheme('dark');
    localStorage.setItem(ORGANIZATION_STORAGE_KEY, JSON.stringify({ UUID: 'o1' }));
    localStorage.setItem('historian.session', '{}');
    clearStorageExceptOrganization();
    expect(readThemeChoice()).toBe('dark');
    expect(localStorage.getItem(ORGANIZATION_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem('historian.session')).toBeNull();
  });
});
