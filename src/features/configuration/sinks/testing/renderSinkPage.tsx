import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ForwarderRead, SinkRead } from '../../../../api/generated/historian.gen';
import { ToastViewport } from '../../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../../testing/fixtures';
import { renderWithProviders } from '../../../../testing/renderWithProviders';
import { server } from '../../../../testing/server';
import { sinkHandlers, type SinkHandlerOptions } from './sinkFixtures';

export const READ = ['READ_SINKS', 'READ_MEASUREMENTS', 'READ_ASSETS', 'READ_EVENT_CONFIGURATIONS'];
export const MANAGE = [...READ, 'MANAGE_SINKS'];

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

/** One of the four pages at its route, with the in-memory server of sinkFixtures and the toasts. */
export function renderSinkPage(
  page: { path: string; element: ReactElement } | { path: string; element: ReactElement }[],
  route: string,
  data: { sinks: SinkRead[]; forwarders?: ForwarderRead[] },
  options: SinkHandlerOptions & { privileges?: string[] } = {},
) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = sinkHandlers(data.sinks, data.forwarders ?? [], options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <>
      <Routes>
        {(Array.isArray(page) ? page : [page]).map((one) => (
          <Route key={one.path} path={one.path} element={one.element} />
        ))}
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
      <ToastViewport />
    </>,
    {
      route,
      preloadedState: {
        session: aSession({
          userPrivileges: (options.privileges ?? MANAGE).map((name) => aPrivilege(name)),
        }),
        organization: {
          current: { UUID: ORG_A_UUID, Name: 'Plant A' },
          root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true },
          hasManualEntryForms: false,
        },
      },
    },
  );
  return { ...rendered, fake };
}
