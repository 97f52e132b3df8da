import { screen, within } from '@testing-library/react';
import { aPrivilege, aSession, ORG_A_UUID } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { HomePage } from './HomePage';

function renderFor(privileges: ReturnType<typeof aPrivilege>[]) {
  return renderWithProviders(<HomePage />, {
    preloadedState: {
      session: aSession({ userPrivileges: privileges }),
      organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: null, hasManualEntryForms: false },
    },
  });
}

beforeEach(() => server.use(noTranslationOverrides()));

describe('home page', () => {
  it('welcomes the user on the page template and offers the sections the sidebar offers them', () => {
    renderFor([aPrivilege('READ_COLLECTORS'), aPrivilege('READ_USERS')]);
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, operator. Choose where to start.')).toBeInTheDocument();
    const sections = within(screen.getByRole('navigation', { name: 'Sections' }));
    expect(sections.getAllByRole('link').map((link) => link.textContent)).toEqual(['Collectors', 'Configuration']);
    expect(sections.getByRole('link', { name: 'Collectors' })).toHaveAttribute('href', '/collectors');
    expect(sections.getByRole('link', { name: 'Collectors' }).querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('says so when no section is open to the user', () => {
    renderFor([]);
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    expect(screen.getByText(/No section of the console is open to you/)).toBeInTheDocument();
  });
});
