import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DataTable } from './DataTable';
import type { DataTableProps } from './types';
import { machineColumns, machineId, machines, type Machine } from './testTable';

function renderTable(props: Partial<DataTableProps<Machine>> = {}) {
  return renderWithProviders(
    <DataTable tableId="machines" label="Machines" columns={machineColumns} data={machines} getRowId={machineId} {...props} />,
  );
}

const grid = () => screen.getByRole('grid', { name: 'Machines' });
const bodyRows = () => within(grid()).getAllByRole('row').filter((row) => row.getAttribute('aria-selected') !== null || row.classList.contains('dt-detail-row'));
const namesInOrder = () => bodyRows().map((row) => within(row).getAllByRole('gridcell')[0].textContent);

describe('Data table (SPEC §2)', () => {
  it('asks for more rows only when the rows in view come near the last one (a list that loads pages as it scrolls)', () => {
    const many = Array.from({ length: 500 }, (_, index) => ({ ...machines[0], id: `m${index}`, name: `Machine ${index}` }));
    const farFromEnd = jest.fn();
    const { unmount } = renderTable({ data: many, onEndReached: farFromEnd });
    expect(farFromEnd).not.toHaveBeenCalled();
    unmount();
    const nearEnd = jest.fn();
    renderTable({ onEndReached: nearEnd });
    expect(nearEnd).toHaveBeenCalled();
  });

  it('sortable headers cycle ascending, descending, unsorted', async () => {
    const { user } = renderTable();
    const header = screen.getByRole('columnheader', { name: 'Name' });
    const sort = within(header).getByRole('button', { name: 'Name' });
    expect(namesInOrder()).toEqual(['Pump 10', 'pump 2', 'Boiler']);
    await user.click(sort);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(namesInOrder()).toEqual(['Boiler', 'pump 2', 'Pump 10']);
    await user.click(sort);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(namesInOrder()).toEqual(['Pump 10', 'pump 2', 'Boiler']);
    await user.click(sort);
    expect(header).not.toHaveAttribute('aria-sort');
    expect(namesInOrder()).toEqual(['Pump 10', 'pump 2', 'Boiler']);
  });

  it('numbers sort ascending first, by value', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Version' }));
    expect(namesInOrder()).toEqual(['Pump 10', 'Boiler', 'pump 2']);
  });

  it('the settings gear opens the column settings', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Column settings' }));
    expect(screen.getByRole('dialog', { name: 'Column settings' })).toBeInTheDocument();
  });

  it('optional header and footer rows', () => {
    const { rerender } = renderTable({ showFooter: true });
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
    expect(screen.getByText('max 12')).toBeInTheDocument();
    rerender(<DataTable tableId="machines" label="Machines" columns={machineColumns} data={machines} getRowId={machineId} showHeader={false} />);
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
    expect(screen.queryByText('max 12')).not.toBeInTheDocument();
  });

  it('row selection by click and deselection by a second click', async () => {
    const onSelectionChange = jest.fn();
    const { user } = renderTable({ onSelectionChange });
    const boiler = screen.getByRole('row', { name: /Boiler/ });
    expect(boiler).toHaveAttribute('aria-selected', 'false');
    await user.click(within(boiler).getByText('Boiler'));
    expect(boiler).toHaveAttribute('aria-selected', 'true');
    expect(onSelectionChange).toHaveBeenLastCalledWith(machines[2]);
    await user.click(within(screen.getByRole('row', { name: /pump 2/ })).getByText('pump 2'));
    expect(boiler).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('row', { name: /pump 2/ })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(screen.getByRole('row', { name: /pump 2/ })).getByText('pump 2'));
    expect(screen.getByRole('row', { name: /pump 2/ })).toHaveAttribute('aria-selected', 'false');
    expect(onSelectionChange).toHaveBeenLastCalledWith(null);
  });

  it('a detail-row action opens the detail below its row and closes it again', async () => {
    const { user } = renderTable({ renderDetail: (m) => <p>Details of {m.name}</p> });
    const toggle = within(screen.getByRole('row', { name: /Boiler/ })).getByRole('button', { name: 'Show details' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide details');
    const rows = within(grid()).getAllByRole('row');
    const index = rows.findIndex((row) => row.textContent?.includes('Details of Boiler'));
    expect(rows[index - 1]).toHaveTextContent('Boiler');
    await user.click(toggle);
    expect(screen.queryByText('Details of Boiler')).not.toBeInTheDocument();
  });

  it('an action that toggles names and draws itself per row, in one column', async () => {
    const toggle = jest.fn();
    const { user } = renderTable({
      rightActions: [
        {
          id: 'pause',
          label: 'Pause or resume',
          icon: '?',
          labelFor: (m) => (m.status === 'Paused' ? 'Resume' : 'Pause'),
          iconFor: (m) => (m.status === 'Paused' ? '▶' : '⏸'),
          onAction: toggle,
        },
      ],
    });
    const headers = screen.getAllByRole('columnheader');
    expect(headers[headers.length - 1]).toHaveTextContent('Pause or resume');
    const paused = within(screen.getByRole('row', { name: /pump 2/ })).getByRole('button', { name: 'Resume' });
    expect(paused).toHaveTextContent('▶');
    expect(within(screen.getByRole('row', { name: /Boiler/ })).getByRole('button', { name: 'Pause' })).toHaveTextContent('⏸');
    await user.click(paused);
    expect(toggle).toHaveBeenCalledWith(machines[1]);
  });

  it('left and right action columns call their action with the row', async () => {
    const edit = jest.fn();
    const remove = jest.fn();
    const { user } = renderTable({
      leftActions: [{ id: 'edit', label: 'Edit', icon: '✎', onAction: edit }],
      rightActions: [{ id: 'delete', label: 'Delete', icon: '🗑', onAction: remove, isVisible: (m) => m.status !== 'Active' }],
    });
    const headers = screen.getAllByRole('columnheader');
    expect(headers[0]).toHaveTextContent('Edit');
    expect(headers[headers.length - 1]).toHaveTextContent('Delete');
    await user.click(within(screen.getByRole('row', { name: /Boiler/ })).getByRole('button', { name: 'Edit' }));
    expect(edit).toHaveBeenCalledWith(machines[2]);
    await user.click(within(screen.getByRole('row', { name: /pump 2/ })).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith(machines[1]);
    expect(within(screen.getByRole('row', { name: /Pump 10/ })).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // Action clicks do not select the row.
    expect(screen.getByRole('row', { name: /Boiler/ })).toHaveAttribute('aria-selected', 'false');
  });

  it('combined columns stack several values in one cell', () => {
    renderTable();
    const cell = within(screen.getByRole('row', { name: /Boiler/ })).getAllByRole('gridcell')[3];
    expect(cell).toHaveTextContent('OS: linux');
    expect(cell).toHaveTextContent('Arch: arm64');
    expect(cell.querySelectorAll('.dt-stack-item')).toHaveLength(2);
  });

  it('an empty state with a next step replaces the empty message', async () => {
    const onCreate = jest.fn();
    const { user } = renderTable({
      data: [],
      emptyMessage: 'No machines.',
      emptyState: (
        <button type="button" onClick={onCreate}>
          Add the first machine
        </button>
      ),
    });
    expect(within(grid()).queryByText('No machines.')).not.toBeInTheDocument();
    await user.click(within(grid()).getByRole('button', { name: 'Add the first machine' }));
    expect(onCreate).toHaveBeenCalled();
  });

  it('is as tall as its rows: no fixed height, the given height only caps it', () => {
    const { rerender } = renderTable();
    expect(grid().style.height).toBe('');
    expect(grid().style.maxHeight).toBe('');
    rerender(<DataTable tableId="machines" label="Machines" columns={machineColumns} data={machines} getRowId={machineId} height="200px" />);
    expect(grid().style.height).toBe('');
    expect(grid().style.maxHeight).toBe('200px');
  });

  it('right-hand row actions stick to the grid’s end, each after the next', () => {
    renderTable({
      rightActions: [
        { id: 'edit', label: 'Edit', icon: 'E', onAction: jest.fn() },
        { id: 'remove', label: 'Remove', icon: 'R', onAction: jest.fn() },
      ],
    });
    const [edit] = within(grid()).getAllByRole('button', { name: 'Edit' });
    const [remove] = within(grid()).getAllByRole('button', { name: 'Remove' });
    expect(edit.parentElement).toHaveClass('dt-sticky-end');
    expect(edit.parentElement?.style.right).toBe('44px');
    expect(remove.parentElement?.style.right).toBe('0px');
  });

  it('empty, loading and error states', async () => {
    const onRetry = jest.fn();
    const { rerender, user } = renderTable({ data: undefined });
    expect(within(grid()).getByRole('status')).toHaveTextContent('Loading…');
    expect(grid()).toHaveAttribute('aria-busy', 'true');
    rerender(<DataTable tableId="machines" label="Machines" columns={machineColumns} data={[]} getRowId={machineId} />);
    expect(within(grid()).getByRole('status')).toHaveTextContent('There is nothing to show.');
    rerender(<DataTable tableId="machines" label="Machines" columns={machineColumns} data={[]} getRowId={machineId} emptyMessage="No collectors yet." />);
    expect(within(grid()).getByRole('status')).toHaveTextContent('No collectors yet.');
    rerender(<DataTable tableId="machines" label="Machines" columns={machineColumns} data={undefined} error={new Error('x')} onRetry={onRetry} getRowId={machineId} />);
    expect(within(grid()).getByRole('alert')).toHaveTextContent('The data could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it("a load the server refuses (403) says the privileges are missing, never that the data could not be loaded, and offers no retry", () => {
    const refused = { kind: 'problem', code: 403, text: 'Forbidden', body: { title: 'Forbidden', status: 403 }, message: 'Forbidden', request: { method: 'GET', url: '/api/users', body: null } };
    renderTable({ data: undefined, error: refused, onRetry: jest.fn() });
    expect(within(grid()).getByRole('alert')).toHaveTextContent('You do not have the privileges needed for this page.');
    expect(within(grid()).queryByText('The data could not be loaded.')).not.toBeInTheDocument();
    expect(within(grid()).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('keyboard navigation: arrows, Home, End, Ctrl+End and Space to select', async () => {
    const edit = jest.fn();
    const { user } = renderTable({ rightActions: [{ id: 'edit', label: 'Edit', icon: '✎', onAction: edit }] });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Column settings' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Status' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('row', { name: /Pump 10/ })).getByRole('gridcell', { name: 'Active' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(within(screen.getByRole('row', { name: /pump 2/ })).getByRole('gridcell', { name: 'pump 2' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('row', { name: /pump 2/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(within(screen.getByRole('row', { name: /pump 2/ })).getByRole('button', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(edit).toHaveBeenCalledWith(machines[1]);
    await user.keyboard('{Control>}{End}{/Control}');
    expect(within(screen.getByRole('row', { name: /Boiler/ })).getByRole('button', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(within(screen.getByRole('row', { name: /Pump 10/ })).getByRole('gridcell', { name: 'Pump 10' })).toHaveFocus();
    // One tab stop: Tab leaves the grid.
    await user.tab();
    expect(grid()).not.toContainElement(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  });

  it('stays light at 100,000 rows: only the rows in view are in the DOM', () => {
    const many: Machine[] = Array.from({ length: 100_000 }, (_, i) => ({ ...machines[0], id: `r${i}`, name: `Machine ${i}` }));
    renderTable({ data: many });
    expect(grid()).toHaveAttribute('aria-rowcount', '100001');
    const rendered = within(grid()).getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(1);
    expect(rendered.length).toBeLessThan(100);
  });
});
