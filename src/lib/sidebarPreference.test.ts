import { clearStorageExceptOrganization } from '../api/transport/sessionStorage';
import { readSidebarState, SIDEBAR_STORAGE_KEY, storeSidebarState } from './sidebarPreference';

beforeEach(() => localStorage.clear());

describe('the sidebar state of this device', () => {
  it('is expanded until collapsed, and ignores a stored value it does not know', () => {
    expect(readSidebarState()).toBe('expanded');
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'not json');
    expect(readSidebarState()).toBe('expanded');
    storeSidebarState('collapsed');
    expect(readSidebarState()).toBe('collapsed');
    storeSidebarState('expanded');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBeNull();
  });

  it('outlives a lost session, which clears the session items', () => {
    storeSidebarState('collapsed');
    localStorage.setItem('historian.session', '{}');
    clearStorageExceptOrganization();
    expect(readSidebarState()).toBe('collapsed');
    expect(localStorage.getItem('historian.session')).toBeNull();
  });
});
