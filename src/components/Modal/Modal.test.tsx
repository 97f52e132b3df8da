import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Modal, type ModalProps } from './Modal';

function Opener(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} title="Rename collector" onCancel={() => setOpen(false)} {...props}>
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal dialog (SPEC §2)', () => {
  it('shows Cancel, Confirm, Edit and Save buttons for the handlers given', async () => {
    const handlers = { onCancel: jest.fn(), onConfirm: jest.fn(), onEdit: jest.fn(), onSave: jest.fn() };
    const { user } = renderWithProviders(<Modal open title="Item" {...handlers} />);
    const dialog = screen.getByRole('dialog', { name: 'Item' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    for (const [name, handler] of [
      ['Cancel', handlers.onCancel],
      ['Confirm', handlers.onConfirm],
      ['Edit', handlers.onEdit],
      ['Save', handlers.onSave],
    ] as const) {
      await user.click(screen.getByRole('button', { name }));
      expect(handler).toHaveBeenCalledTimes(1);
    }
  });

  it('shows no action button that has no handler', () => {
    renderWithProviders(<Modal open title="Notice" onConfirm={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('Escape cancels the dialog', async () => {
    const onCancel = jest.fn();
    const { user } = renderWithProviders(<Modal open title="Item" onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('a click outside the dialog cancels it, a click inside does not', async () => {
    const onCancel = jest.fn();
    const { user } = renderWithProviders(
      <Modal open title="Item" onCancel={onCancel}>
        <p>Body text</p>
      </Modal>,
    );
    await user.click(screen.getByText('Body text'));
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(document.querySelector('.modal-backdrop') ?? document.body);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('the header close button appears only when Cancel is enabled', async () => {
    const onCancel = jest.fn();
    const { user, rerender } = renderWithProviders(<Modal open title="Item" onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<Modal open title="Item" onConfirm={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Close dialog' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('a non-cancellable dialog ignores Escape and outside clicks and shows no Cancel or close button', async () => {
    const onCancel = jest.fn();
    const { user } = renderWithProviders(<Modal open title="Change your password" onCancel={onCancel} onSave={jest.fn()} cancellable={false} />);
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('.modal-backdrop') ?? document.body);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close dialog' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('traps focus inside the dialog and restores it to the opener on close', async () => {
    const { user } = renderWithProviders(<Opener onSave={jest.fn()} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    // Close, name, Cancel, Save, then around again.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('Save submits the form named by saveFormId', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user } = renderWithProviders(
      <Modal open title="Item" saveFormId="item-form">
        <form id="item-form" onSubmit={onSubmit} />
      </Modal>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('only the innermost of two open dialogs answers Escape', async () => {
    const outer = jest.fn();
    const inner = jest.fn();
    const { user } = renderWithProviders(
      <>
        <Modal open title="Outer" onCancel={outer} />
        <Modal open title="Inner" onCancel={inner} />
      </>,
    );
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('a missing portal target throws an error (SPEC §8)', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWithProviders(<Modal open title="Item" portalTargetId="nowhere" />)).toThrow('portal target #nowhere');
    jest.mocked(console.error).mockRestore();
  });
});
