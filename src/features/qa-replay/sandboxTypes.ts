import type { ComponentType } from 'react';
import type { AppStore } from '../../app/store';

/**
 * The shell that renders the real pages for a replay. It lives in src/app (ReplaySandbox.tsx),
 * because only app/ may use the route table; the router hands it to the page as a prop.
 */
export interface ReplaySandboxProps {
  /** The replay's own store, never the app's. */
  store: AppStore;
  /** The route the recording was on at the step shown, e.g. '/collectors?status=Active'. */
  route: string;
}

export type ReplaySandboxComponent = ComponentType<ReplaySandboxProps>;
