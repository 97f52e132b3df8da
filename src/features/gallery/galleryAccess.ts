import { IS_DEVELOPMENT_BUILD } from '../../lib/appVersion';

// The widget gallery is a development page. Production builds reach it only when the browser's
// local storage holds `historian.gallery` = '1' (the browser tests and the benchmark set it), so
// a normal installation never shows it. The page loads lazily: it costs the sign-in route nothing.

export const GALLERY_PATH = '/gallery';
export const GALLERY_FLAG_KEY = 'historian.gallery';

export function isGalleryEnabled(): boolean {
  if (IS_DEVELOPMENT_BUILD) return true;
  try {
    return window.localStorage.getItem(GALLERY_FLAG_KEY) === '1';
  } catch {
    // Storage can be blocked (privacy settings); then the gallery stays off.
    return false;
  }
}
