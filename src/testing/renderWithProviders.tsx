import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { RouterNavigation } from '../app/RouterNavigation';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { createTestI18n } from '../i18n/testI18n';

export interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Initial route of a MemoryRouter around the UI; pass `routePath` to match params. */
  route?: string;
  routePath?: string;
}

/** A fresh store and English i18n per test (STYLE §15). */
export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', routePath, ...renderOptions } = options;
  const i18n = createTestI18n();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <RouterNavigation>
          {routePath ? (
            <Routes>
              <Route path={routePath} element={children} />
            </Routes>
          ) : (
            children
          )}
        </RouterNavigation>
      </MemoryRouter>
    </AppProviders>
  );
  return { store, i18n, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
