import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { ColumnSettingsDialog, type ColumnSettingsDialogProps } from './ColumnSettingsDialog';

const columns = [
  { id: 'name', label: 'Name' },
  { id: 'status', label: 'Status' },
  { id: 'type', label: 'Type' },
  { id: 'health', label: 'Health' },
];

function renderDialog(props: Partial<ColumnSettingsDialogProps> = {}) {
  const onSave = jest.fn();
  const rendered = renderWithProviders(
    <ColumnSettingsDialog
      open
      columns={columns}
      layout={{ order: ['name', 'status', 'type', 'health'], shown: ['name', 'status'] }}
      defaults={{ order: ['name', 'status', 'type', 'health'], shown: ['name', 'status', 'type', 'health'] }}
      canSaveAsDefault={false}
      onCancel={jest.fn()}
      onSave={onSave}
      {...props}
    />,
  );
  return { ...rendered, onSave };
}

const available = () => screen.getByRole('listbox', { name: 'Available columns' });
const active = () => screen.getByRole('listbox', { name: 'Active columns' });
const optionsOf = (list: HTMLElement) => within(list).queryAllByRole('option').map((o) => o.textContent);

describe('Column settings dialog (SPEC §2)', () => {
  it('is 800px wide', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Column settings' })).toHaveStyle({ width: '800px' });
  });

  it('has the available and the active columns, each list with a filter box', async () => {
    const { user } = renderDialog();
    expect(optionsOf(available())).toEqual(['Type', 'Health']);
    expect(optionsOf(active())).toEqual(['Name', 'Status']);
    await user.type(screen.getByRole('searchbox', { name: 'Filter available columns' }), 'hea');
    expect(optionsOf(available())).toEqual(['Health']);
    await user.type(screen.getByRole('searchbox', { name: 'Filter active columns' }), 'sta');
    expect(optionsOf(active())).toEqual(['Status']);
  });

  it('adds and removes columns between the lists', async () => {
    const { user, onSave } = renderDialog();
    await user.selectOptions(available(), 'Health');
    await user.click(screen.getByRole('button', { name: /Add/ }));
    expect(optionsOf(active())).toEqual(['Name', 'Status', 'Health']);
    // The added column stays chosen, ready to be moved; choose Name instead.
    expect(within(active()).getByRole('option', { name: 'Health' })).toHaveProperty('selected', true);
    await user.deselectOptions(active(), 'Health');
    await user.selectOptions(active(), 'Name');
    await user.click(screen.getByRole('button', { name: /Remove/ }));
    expect(optionsOf(active())).toEqual(['Status', 'Health']);
    expect(optionsOf(available())).toEqual(['Name', 'Type']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ shown: ['status', 'health'], order: ['status', 'health', 'name', 'type'] }, false);
  });

  it('moves active columns up and down', async () => {
    const { user, onSave } = renderDialog({ layout: { order: ['name', 'status', 'type', 'health'], shown: ['name', 'status', 'type'] } });
    await user.selectOptions(active(), 'Type');
    await user.click(screen.getByRole('button', { name: 'Move up' }));
    expect(optionsOf(active())).toEqual(['Name', 'Type', 'Status']);
    await user.click(screen.getByRole('button', { name: 'Move up' }));
    expect(optionsOf(active())).toEqual(['Type', 'Name', 'Status']);
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    expect(optionsOf(active())).toEqual(['Name', 'Status', 'Type']);
    await user.click(screen.getByRole('button', { name: 'Move up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ shown: ['name', 'type', 'status'], order: ['name', 'type', 'status', 'health'] }, false);
  });

  it('reset goes back to the default columns', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(optionsOf(active())).toEqual(['Name', 'Status', 'Type', 'Health']);
    expect(optionsOf(available())).toEqual([]);
  });

  it("the last active column cannot be removed ('minimum one shown')", async () => {
    const { user } = renderDialog({ layout: { order: ['name', 'status', 'type', 'health'], shown: ['name', 'status'] } });
    await user.selectOptions(active(), ['Name', 'Status']);
    expect(screen.getByRole('button', { name: /Remove/ })).toBeDisabled();
    expect(screen.getByText('minimum one shown')).toBeInTheDocument();
    await user.selectOptions(active(), 'Status');
    await user.deselectOptions(active(), 'Name');
    await user.click(screen.getByRole('button', { name: /Remove/ }));
    expect(optionsOf(active())).toEqual(['Name']);
    await user.selectOptions(active(), 'Name');
    expect(screen.getByRole('button', { name: /Remove/ })).toBeDisabled();
    expect(screen.getByText('minimum one shown')).toBeInTheDocument();
  });

  it('says why a required column (Status, Name) stays when the user tries to remove it', async () => {
    const required = [
      { id: 'status', label: 'Status', hideable: false },
      { id: 'name', label: 'Name', hideable: false },
      { id: 'type', label: 'Type' },
      { id: 'health', label: 'Health' },
    ];
    const { user } = renderDialog({ columns: required, layout: { order: ['status', 'name', 'type', 'health'], shown: ['status', 'name', 'type'] } });
    await user.selectOptions(active(), ['Status', 'Name']);
    expect(screen.getByText('Status and Name: always shown, cannot be removed.')).toBeInTheDocument();
    await user.deselectOptions(active(), 'Name');
    await user.selectOptions(active(), 'Type');
    await user.click(screen.getByRole('button', { name: /Remove/ }));
    expect(optionsOf(active())).toEqual(['Status', 'Name']);
    expect(screen.getByText('Status: always shown, cannot be removed.')).toBeInTheDocument();
  });

  it("'save as default' is offered only to holders of P-ADM-SD", async () => {
    const { user, onSave, rerender } = renderDialog();
    expect(screen.queryByRole('checkbox', { name: /Save as default/ })).not.toBeInTheDocument();
    rerender(
      <ColumnSettingsDialog
        open
        columns={columns}
        layout={{ order: ['name', 'status', 'type', 'health'], shown: ['name'] }}
        defaults={{ order: ['name'], shown: ['name'] }}
        canSaveAsDefault
        onCancel={jest.fn()}
        onSave={onSave}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: /Save as default/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.anything(), true);
  });

  it('Cancel closes without saving', async () => {
    const onCancel = jest.fn();
    const { user, onSave } = renderDialog({ onCancel });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
