import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { QaReplayPage } from './QaReplayPage';

// Tests run as a development build, where the page is open to everyone; this file is a production one.
jest.mock('../../lib/appVersion', () => ({ APP_VERSION: '1.0.0', IS_DEVELOPMENT_BUILD: false }));

const NoSandbox = () => null;

function renderPage(privileges: ReturnType<typeof aPrivilege>[]) {
  server.use(http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])));
  return renderWithProviders(<QaReplayPage sandbox={NoSandbox} />, {
    preloadedState: {
      session: aSession({ userPrivileges: privileges }),
      organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
    },
  });
}

describe('access to the QA replay page in a production build', () => {
  it('opens for ReadLogs at root', () => {
    renderPage([aPrivilege('READ_LOGS', ROOT_ORG_UUID)]);
    expect(screen.getByLabelText('Recording file')).toBeInTheDocument();
  });

  it('shows the unauthorized text for ReadLogs held only in an organization', () => {
    renderPage([aPrivilege('READ_LOGS', ORG_A_UUID)]);
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have the privileges needed for this page.');
    expect(screen.queryByLabelText('Recording file')).not.toBeInTheDocument();
  });
});
