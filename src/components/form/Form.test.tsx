import { screen } from '@testing-library/react';
import { validateWithSchema } from '../../../domain/schemaValidation';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { ToastViewport } from '../Toasts/ToastViewport';
import { CheckboxField, SelectField } from './ChoiceFields';
import { Fieldset } from './Fieldset';
import { Form } from './Form';
import { JsonTextArea, NumberField, TextField } from './TextFields';

const submitButton = () => screen.getByRole('button', { name: 'Submit' });

describe('Form submit conversion (SPEC §5)', () => {
  it('collects the named fields converted by their declared types', async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(
      <Form onSubmit={onSubmit}>
        <TextField name="Name" label="Name" defaultValue="Pump" />
        <NumberField name="Settings.gain" label="Gain" />
        <NumberField name="Settings.count" label="Count" numberType="int" defaultValue="7" />
        <CheckboxField name="Settings.enabled" label="Enabled" />
        <input type="hidden" name="Settings.remote" data-type="bool" value="true" />
        <input type="hidden" name="Settings.obsolete" data-type="deleted" value="" />
        <SelectField name="Mode" label="Mode" options={[{ value: 'raw', label: 'Raw' }]} defaultValue="raw" />
        <JsonTextArea name="Options" label="Options" defaultValue={{ retries: 3 }} />
        <button type="submit">Submit</button>
      </Form>,
    );
    // A number input accepts only what the browser parses; the comma rule is in formConversion.
    await user.type(screen.getByRole('spinbutton', { name: 'Gain' }), '2.5');
    await user.click(screen.getByRole('checkbox', { name: 'Enabled' }));
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith({
      Name: 'Pump',
      Settings: { gain: 2.5, count: 7, enabled: true, remote: true, obsolete: null },
      Mode: 'raw',
      Options: { retries: 3 },
    });
  });

  it('sends nothing for disabled fields, also those in a disabled fieldset', async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(
      <Form onSubmit={onSubmit}>
        <TextField name="Kept" label="Kept" defaultValue="a" />
        <TextField name="Off" label="Off" defaultValue="b" disabled />
        <Fieldset legend="Advanced" disabled>
          <TextField name="Inside" label="Inside" defaultValue="c" />
        </Fieldset>
        <button type="submit">Submit</button>
      </Form>,
    );
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith({ Kept: 'a' });
  });

  it('sanitizes a required ID and tells the user that the ID was sanitized', async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(
      <>
        <ToastViewport />
        <Form onSubmit={onSubmit}>
          <TextField name="ID" label="ID" required />
          <button type="submit">Submit</button>
        </Form>
      </>,
    );
    await user.type(screen.getByRole('textbox', { name: /ID/ }), 'my "tag" one');
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith({ ID: "my 'tag' one" });
    expect(screen.getByRole('textbox', { name: /ID/ })).toHaveValue("my 'tag' one");
    expect(screen.getByRole('status')).toHaveTextContent('The ID was sanitized');
  });

  it('refuses invalid JSON with the custom validity message on the field', async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(
      <Form onSubmit={onSubmit}>
        <JsonTextArea name="Options" label="Options" />
        <button type="submit">Submit</button>
      </Form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Options' }), '[[1,');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Options' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Options' })).toHaveAccessibleDescription('This is not valid JSON.');
  });

  it('validates against a JSON schema and maps the errors per field path', async () => {
    const schema = {
      type: 'object',
      required: ['Name'],
      properties: { Name: { type: 'string', minLength: 1 }, Settings: { type: 'object', properties: { port: { type: 'integer', maximum: 65535 } } } },
    };
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(
      <Form onSubmit={onSubmit} validate={(values) => validateWithSchema(schema, values)}>
        <TextField name="Name" label="Name" />
        <NumberField name="Settings.port" label="Port" numberType="int" />
        <button type="submit">Submit</button>
      </Form>,
    );
    await user.type(screen.getByRole('spinbutton', { name: 'Port' }), '70000');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Must be at least 1 character.');
    expect(screen.getByRole('spinbutton', { name: 'Port' })).toHaveAccessibleDescription('Must be at most 65535.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Pump');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeValid();
    await user.clear(screen.getByRole('spinbutton', { name: 'Port' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Port' }), '502');
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith({ Name: 'Pump', Settings: { port: 502 } });
  });

  it('shows errors from the server per field, and those of no field above the form', async () => {
    const schema = { type: 'object', required: ['Hidden'] };
    const { user } = renderWithProviders(
      <Form onSubmit={jest.fn()} errors={{ Name: ['The name is taken.'] }} validate={(values) => validateWithSchema(schema, values)}>
        <TextField name="Name" label="Name" defaultValue="Pump" />
        <button type="submit">Submit</button>
      </Form>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('The name is taken.');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');
  });

  it('read mode shows every field as text', () => {
    renderWithProviders(
      <Form mode="read" onSubmit={jest.fn()}>
        <TextField name="Name" label="Name" defaultValue="Pump" />
      </Form>,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Name' })).toHaveTextContent('Pump');
  });
});
