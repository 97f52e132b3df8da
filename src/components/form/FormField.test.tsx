import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { CheckboxField, SelectField } from './ChoiceFields';
import { Fieldset } from './Fieldset';
import { JsonTextArea, NumberField, TextAreaField, TextField } from './TextFields';

describe('Form fields (SPEC §2)', () => {
  it('a labelled field with an error line and a help line', () => {
    renderWithProviders(<TextField name="Name" label="Name" help="Shown in lists." error="This field is required." required />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('This field is required. Shown in lists.');
  });

  it('a field without an error is valid and described by its help line only', () => {
    renderWithProviders(<TextField name="Name" label="Name" help="Shown in lists." />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeValid();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Shown in lists.');
  });

  it('edit and read modes: read mode shows the value as text, without a control', () => {
    const { rerender } = renderWithProviders(<TextField name="Name" label="Name" defaultValue="Pump 1" mode="edit" />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Pump 1');
    rerender(<TextField name="Name" label="Name" defaultValue="Pump 1" mode="read" />);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Name' })).toHaveTextContent('Pump 1');
  });

  it('read mode shows checkboxes as yes or no and selects by the option label', () => {
    renderWithProviders(
      <>
        <CheckboxField name="Enabled" label="Enabled" defaultChecked mode="read" />
        <SelectField name="Mode" label="Mode" defaultValue="raw" options={[{ value: 'raw', label: 'Raw data' }]} mode="read" />
      </>,
    );
    expect(screen.getByRole('group', { name: 'Enabled' })).toHaveTextContent('Yes');
    expect(screen.getByRole('group', { name: 'Mode' })).toHaveTextContent('Raw data');
  });

  it('default float step 0.01; integers step by 1', () => {
    renderWithProviders(
      <>
        <NumberField name="Gain" label="Gain" />
        <NumberField name="Count" label="Count" numberType="int" />
      </>,
    );
    expect(screen.getByRole('spinbutton', { name: 'Gain' })).toHaveAttribute('step', '0.01');
    expect(screen.getByRole('spinbutton', { name: 'Count' })).toHaveAttribute('step', '1');
  });

  it('text areas have 5 rows by default', () => {
    renderWithProviders(
      <>
        <TextAreaField name="Notes" label="Notes" />
        <TextAreaField name="Query" label="Query" rows={9} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('rows', '5');
    expect(screen.getByRole('textbox', { name: 'Query' })).toHaveAttribute('rows', '9');
  });

  it("the JSON text area's custom invalid-JSON validity message", async () => {
    const { user } = renderWithProviders(<JsonTextArea name="Options" label="Options" defaultValue={{ a: 1 }} />);
    const area = screen.getByRole('textbox', { name: 'Options' });
    expect(area).toBeValid();
    await user.clear(area);
    await user.type(area, '{{"a": ');
    expect(area).toBeInvalid();
    expect((area as HTMLTextAreaElement).validationMessage).toBe('This is not valid JSON.');
    expect(area).toHaveAccessibleDescription('This is not valid JSON.');
    await user.type(area, '2}');
    expect(area).toBeValid();
    expect((area as HTMLTextAreaElement).validationMessage).toBe('');
  });
});

describe('Collapsible fieldset (SPEC §2)', () => {
  it('has an optional legend', () => {
    const { rerender } = renderWithProviders(
      <Fieldset legend="Connection">
        <TextField name="Host" label="Host" />
      </Fieldset>,
    );
    expect(screen.getByRole('group', { name: 'Connection' })).toBeInTheDocument();
    rerender(
      <Fieldset>
        <TextField name="Host" label="Host" />
      </Fieldset>,
    );
    expect(screen.getByRole('group')).not.toHaveAccessibleName();
  });

  it('can be collapsed and expanded', async () => {
    const onCollapsedChange = jest.fn();
    const { user } = renderWithProviders(
      <Fieldset legend="Connection" collapsible onCollapsedChange={onCollapsedChange}>
        <TextField name="Host" label="Host" />
      </Fieldset>,
    );
    const toggle = screen.getByRole('button', { name: 'Connection' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Host' })).not.toBeInTheDocument();
    expect(onCollapsedChange).toHaveBeenLastCalledWith(true);
    await user.click(toggle);
    expect(screen.getByRole('textbox', { name: 'Host' })).toBeVisible();
  });

  it('can be disabled and enabled; the collapse toggle keeps working', async () => {
    const { user, rerender } = renderWithProviders(
      <Fieldset legend="Connection" collapsible disabled>
        <TextField name="Host" label="Host" />
      </Fieldset>,
    );
    expect(screen.getByRole('textbox', { name: 'Host' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connection' })).toBeEnabled();
    rerender(
      <Fieldset legend="Connection" collapsible disabled={false}>
        <TextField name="Host" label="Host" />
      </Fieldset>,
    );
    expect(screen.getByRole('textbox', { name: 'Host' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Connection' }));
    expect(screen.getByRole('button', { name: 'Connection' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('a collapsible fieldset without a legend still has a named toggle', () => {
    renderWithProviders(
      <Fieldset collapsible defaultCollapsed>
        <TextField name="Host" label="Host" />
      </Fieldset>,
    );
    expect(screen.getByRole('button', { name: 'Show or hide this section' })).toHaveAttribute('aria-expanded', 'false');
  });
});
