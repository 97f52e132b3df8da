import { act, screen } from '@testing-library/react';
import deGeneral from '../../../locales/de/general.json';
import type { SettingsSchema } from '../../../domain/settingsSchema';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { SchemaForm } from './SchemaForm';

const influx: SettingsSchema = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: 'string', title: 'URL', description: 'Where the database listens.', examples: ['http://localhost:8086'], order: 1 },
    database: { type: 'string', title: 'Database', default: 'historian', order: 2 },
    precision: { type: 'string', title: 'Precision', enum: ['s', 'ms', 'ns'], order: 3 },
    batch: { type: 'integer', title: 'Batch size', minimum: 1, maximum: 10000, order: 4 },
    ratio: { type: 'number', title: 'Ratio', order: 5 },
    tls: { type: 'boolean', title: 'Use TLS', order: 6 },
    tags: { type: 'object', title: 'Tags', order: 7 },
    notes: { type: 'string', title: 'Notes', isMultiLine: true, order: 8 },
    token: { type: 'string', title: 'Token', secure: true, required: true, order: 9 },
  },
};

function renderForm(props: Partial<Parameters<typeof SchemaForm>[0]> = {}) {
  const onSubmit = jest.fn();
  const rendered = renderWithProviders(
    <SchemaForm id="tsdb" schema={influx} onSubmit={onSubmit} {...props}>
      <button type="submit">Save</button>
    </SchemaForm>,
  );
  return { ...rendered, onSubmit };
}

describe('Schema form (SPEC §3, §5)', () => {
  it('renders each property by type, in order, with title, description, example and default', () => {
    renderForm();
    const url = screen.getByRole('textbox', { name: /URL/ });
    expect(url).toBeRequired();
    expect(url).toHaveAccessibleDescription('Where the database listens.');
    expect(url).toHaveAttribute('placeholder', 'For example: http://localhost:8086');
    expect(screen.getByRole('textbox', { name: 'Database' })).toHaveValue('historian');
    expect(screen.getByRole('combobox', { name: 'Precision' })).toHaveDisplayValue('Choose…');
    const batch = screen.getByRole('spinbutton', { name: 'Batch size' });
    expect(batch).toHaveAttribute('min', '1');
    expect(batch).toHaveAttribute('max', '10000');
    expect(screen.getByRole('checkbox', { name: 'Use TLS' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('rows', '5');
    expect(screen.getByLabelText(/Token/)).toHaveAttribute('type', 'password');
    const names = Array.from(document.querySelectorAll('[name]'), (element) => element.getAttribute('name'));
    expect(names).toEqual([
      'Settings.url',
      'Settings.database',
      'Settings.precision',
      'Settings.batch',
      'Settings.ratio',
      'Settings.tls',
      'Settings.tags',
      'Settings.notes',
      'SecureSettings.token',
    ]);
  });

  it('validates with ajv and shows the errors on the fields', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByRole('spinbutton', { name: 'Batch size' }), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /URL/ })).toHaveAccessibleDescription(/This field is required/);
    expect(screen.getByRole('spinbutton', { name: 'Batch size' })).toHaveAccessibleDescription('Must be at least 1.');
    expect(screen.getByLabelText(/Token/)).toHaveAccessibleDescription('This field is required.');
  });

  it('submits converted Settings and the SecureSettings the user typed', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /URL/ }), 'http://db:8086');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Precision' }), 'ms');
    await user.type(screen.getByRole('spinbutton', { name: 'Batch size' }), '500');
    await user.click(screen.getByRole('checkbox', { name: 'Use TLS' }));
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), '{{"site": "north"}');
    await user.type(screen.getByLabelText(/Token/), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      Settings: { url: 'http://db:8086', database: 'historian', precision: 'ms', batch: 500, tls: true, tags: { site: 'north' } },
      SecureSettings: { token: 's3cret' },
    });
  });

  it('sends secure fields only when the user changed them', async () => {
    const { user, onSubmit } = renderForm({ existing: true, settings: { url: 'http://db:8086', tls: true } });
    const token = screen.getByLabelText(/Token/);
    expect(token).toHaveValue('');
    expect(token).not.toBeRequired();
    expect(token).toHaveAccessibleDescription('Leave empty to keep the stored value.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ Settings: { url: 'http://db:8086', tls: true }, SecureSettings: {} });
    await user.type(token, 'new-token');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ Settings: { url: 'http://db:8086', tls: true }, SecureSettings: { token: 'new-token' } });
  });

  it('an existing item shows its stored values, not the defaults', () => {
    renderForm({ existing: true, settings: { url: 'http://db:8086' } });
    expect(screen.getByRole('textbox', { name: 'Database' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /URL/ })).toHaveValue('http://db:8086');
  });

  it('shows server errors on the named settings field', () => {
    renderForm({ errors: { 'Settings.url': ['The server cannot reach this URL.'] } });
    expect(screen.getByRole('textbox', { name: /URL/ })).toHaveAccessibleDescription(/The server cannot reach this URL./);
  });

  it('speaks the user\'s language where the schema names its texts in the catalogue (x-i18n), and the schema\'s own words elsewhere', async () => {
    const postgres: SettingsSchema = {
      type: 'object',
      'x-i18n': 'schemas.timeseries_postgres',
      properties: {
        mode: { type: 'string', title: 'Storage', description: 'Where the data lives.', enum: ['builtin', 'external'], required: true, order: 1 },
        host: { type: 'string', title: 'Host', description: 'External mode only.', order: 2 },
        vendorOnly: { type: 'string', title: 'Vendor field', description: 'Not in any catalogue.', order: 3 },
      },
    };
    const { i18n } = renderForm({ schema: postgres });
    expect(screen.getByRole('combobox', { name: /Storage/ })).toHaveDisplayValue('Built in');
    expect(screen.getByRole('option', { name: 'External' })).toBeInTheDocument();

    await act(async () => {
      i18n.addResourceBundle('de', 'general', deGeneral);
      await i18n.changeLanguage('de');
    });
    const mode = screen.getByRole('combobox', { name: /Speicherort/ });
    expect(mode).toHaveDisplayValue('Integriert');
    expect(mode).toHaveAccessibleDescription(/in der eigenen Datenbank des Historian-Servers/);
    expect(screen.getByRole('option', { name: 'Extern' })).toHaveValue('external');
    expect(screen.getByRole('textbox', { name: 'Host' })).toHaveAccessibleDescription('Nur im externen Modus.');
    expect(screen.getByRole('textbox', { name: 'Vendor field' })).toHaveAccessibleDescription('Not in any catalogue.');
  });
});
