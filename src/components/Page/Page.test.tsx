import { render, screen } from '@testing-library/react';
import { Page } from './Page';

function mockWidths(scrollWidth: number, clientWidth: number) {
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => jest.restoreAllMocks());

describe('the page template', () => {
  it('draws the title as the page heading, the description, the actions and the content', () => {
    render(
      <Page title="Collectors" description="Processes that send measurements." actions={<button type="button">Create</button>}>
        <p>Content</p>
      </Page>,
    );
    const region = screen.getByRole('region', { name: 'Collectors' });
    expect(screen.getByRole('heading', { level: 1, name: 'Collectors' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Processes that send measurements.');
    expect(screen.getByRole('button', { name: 'Create' }).parentElement).toHaveClass('page-actions');
    expect(screen.getByText('Content')).toBeInTheDocument();
  });

  it('a long title keeps its full text as title and takes the focus to show it in full', () => {
    mockWidths(900, 300);
    const long = 'A very long organization name that does not fit on one line of the page header';
    render(<Page title={long} />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveAttribute('title', long);
    expect(heading).toHaveClass('truncate');
    expect(heading).toHaveAttribute('tabindex', '0');
  });

  it('a title that fits stays out of the tab order', () => {
    mockWidths(100, 300);
    render(<Page title="Users" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
