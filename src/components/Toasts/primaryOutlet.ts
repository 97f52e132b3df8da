import { useEffect, useState, useSyncExternalStore } from 'react';

// The viewport may be mounted by the application shell and by a page (the widget gallery) at the
// same time. Only the first mounted one renders, so every toast shows, and is announced, once.

const mounted: symbol[] = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsPrimaryOutlet(): boolean {
  const [id] = useState(() => Symbol('outlet'));
  useEffect(() => {
    mounted.push(id);
    notify();
    return () => {
      mounted.splice(mounted.indexOf(id), 1);
      notify();
    };
  }, [id]);
  return useSyncExternalStore(
    subscribe,
    () => mounted[0] === id,
    () => false,
  );
}
