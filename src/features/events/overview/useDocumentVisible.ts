import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

/** Whether the page is in view (a hidden tab polls nothing). */
export const useDocumentVisible = () => useSyncExternalStore(subscribe, () => document.visibilityState !== 'hidden');
