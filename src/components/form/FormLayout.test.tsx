import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { contractChecks } from './contractChecks';
import { Fieldset } from './Fieldset';
import { Form } from './Form';
import { FormActions } from './FormActions';
import { TextField } from './TextFields';

// One layout for every form: sections with legends, a label above each control, help under it,
// a required mark explained once, Back or Cancel apart from Save, and checks on leaving a field.

describe('the form layout', () => {
  it('puts each label above its control, help under it, and the section legend around them', () => {
    renderWithProviders(
      <Form onSubmit={jest.fn()}>
        <Fieldset legend="Connection">
          <TextField name="Host" label="Host" help="The server's host name." />
        </Fieldset>
      </Form>,
    );
    const section = screen.getByRole('group', { name: 'Connection' });
    const host = within(section).getByRole('textbox', { name: 'Host' });
    const label = within(section).getByText('Host');
    const help = within(section).getByText("The server's host name.");
    // Label, then control, then help, each its own element (never glued together).
    expect(label.compareDocumentPosition(host) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(host.compareDocumentPosition(help) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(label.contains(host)).toBe(false);
    expect(host).toHaveAccessibleDescription("The server's host name.");
    expect(screen.getByRole('group', { name: 'Connection' }).closest('form')).toHaveClass('form-layout');
  });

  it('marks required fields and says once what the mark means; a form without one says nothing', () => {
    const { unmount } = renderWithProviders(
      <Form onSubmit={jest.fn()}>
        <TextField name="Name" label="Name" required />
        <TextField name="Note" label="Note" />
      </Form>,
    );
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeRequired();
    expect(screen.getByText('Required field')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <Form onSubmit={jest.fn()}>
        <TextField name="Note" label="Note" />
      </Form>,
    );
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
  });

  it('read mode shows no required note', () => {
    renderWithProviders(
      <Form mode="read" onSubmit={jest.fn()}>
        <TextField name="Name" label="Name" required defaultValue="Pump" />
      </Form>,
    );
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
  });

  it('puts Back at the left and Save, primary, at the right, in separate groups', () => {
    renderWithProviders(
      <Form onSubmit={jest.fn()}>
        <TextField name="Name" label="Name" />
        <FormActions backTo="/configuration/users">
          <button type="button">Set password</button>
        </FormActions>
      </Form>,
    );
    const back = screen.getByRole('link', { name: 'Back' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(back).toHaveAttribute('href', '/configuration/users');
    expect(save).toHaveAttribute('type', 'submit');
    expect(save).toHaveClass('primary');
    expect(back.parentElement).toHaveClass('form-actions-start');
    expect(save.parentElement).toHaveClass('form-actions-end');
    // Other actions sit left of Save, in Save's group.
    expect(screen.getByRole('button', { name: 'Set password' }).nextElementSibling).toBe(save);
  });

  it('Cancel instead of Back calls back, and a busy Save cannot be pressed', async () => {
    const onCancel = jest.fn();
    const { user } = renderWithProviders(<FormActions onCancel={onCancel} busy saveLabel="Create token" />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Create token' })).toBeDisabled();
  });
});

describe('checks on leaving a field and on submit', () => {
  const checkUser = contractChecks('UserCreate');

  it('shows the contract’s rule next to a field when it is left, and clears it once the text is fixed', async () => {
    const { user } = renderWithProviders(
      <Form onSubmit={jest.fn()} validate={checkUser}>
        <TextField name="Name" label="Name" required />
        <TextField name="Password" label="Password" type="password" />
      </Form>,
    );
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    await user.tab();
    expect(password).toHaveAccessibleDescription('Must be at least 8 characters.');
    // A field not yet visited shows nothing, though it is empty and required.
    expect(screen.getByRole('textbox', { name: /^Name/ })).not.toHaveAccessibleDescription();
    await user.type(password, 'defghij');
    await user.tab();
    expect(password).not.toHaveAccessibleDescription();
  });

  it('an empty required field says required, not the length it misses, and nothing is sent', async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(
      <Form onSubmit={onSubmit} validate={checkUser}>
        <TextField name="Name" label="Name" required />
        <button type="submit">Submit</button>
      </Form>,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the contract’s pattern and length with translated messages', async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(
      <Form onSubmit={onSubmit} validate={contractChecks('AuthenticationProvider')}>
        <TextField name="ProviderName" label="Provider name" required />
        <input type="hidden" name="ProviderType" value="ldap" />
        <button type="submit">Submit</button>
      </Form>,
    );
    await user.type(screen.getByRole('textbox', { name: /^Provider name/ }), 'corp ldap');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('textbox', { name: /^Provider name/ })).toHaveAccessibleDescription('Does not have the expected form.');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByRole('textbox', { name: /^Provider name/ }));
    await user.type(screen.getByRole('textbox', { name: /^Provider name/ }), 'corp-ldap');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ ProviderName: 'corp-ldap', ProviderType: 'ldap' });
  });

  it('a field may say why it is required, and a required field may stay empty when the form allows it this time', async () => {
    const onSubmit = jest.fn();
    let testing = false;
    const { user } = renderWithProviders(
      <Form onSubmit={onSubmit} mayBeEmpty={(name) => testing && name === 'Name'}>
        <TextField name="Name" label="Name" required data-required-message="A database needs a name." />
        <button type="submit">Submit</button>
      </Form>,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('A database needs a name.');
    testing = true;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ Name: '' });
  });
});
