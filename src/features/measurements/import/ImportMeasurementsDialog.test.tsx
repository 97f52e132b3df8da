import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Job, MeasurementImportDryRun } from '../../../api/generated/historian.gen';
import { aJob, aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { ImportMeasurementsDialog } from './ImportMeasurementsDialog';

// The measurement import dialog (DOMAIN.md §1): upload the filled-in template for a dry run, read
// each row's action and errors with their cells, apply, and follow the job's progress.

const COLLECTOR_UUID = '44444444-4444-4444-8444-444444444444';
const JOB_UUID = '55555555-5555-4555-8555-555555555555';

const DRY_RUN: MeasurementImportDryRun = {
  Rows: [
    { Row: 2, Name: 'Boiler temperature', Action: 'New', Changes: [], Errors: [] },
    { Row: 3, Name: 'Boiler pressure', Action: 'Update', Changes: [{ Field: 'UoM', Old: 'bar', New: 'mbar' }], Errors: [] },
    { Row: 4, Name: 'Feed pump', Action: 'No change', Changes: [], Errors: [] },
    {
      Row: 5,
      Name: 'Flow',
      Action: 'Error',
      Changes: [],
      Errors: [{ Cell: 'C5', Column: 'Database', Message: 'measurements.import.errors.database', Params: { Value: 'Line 9' } }],
    },
  ],
  Summary: { New: 1, Update: 1, NoChange: 1, Error: 1 },
  UnknownColumns: ['Colour'],
  Token: 'token-of-the-dry-run-0123456789',
  ExpiresAt: '2026-11-26T12:00:00.000Z',
};

function renderDialog(options: { collectorUuid?: string; dryRun?: () => Response; jobs?: Job[] } = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const uploads: Array<Record<string, FormDataEntryValue>> = [];
  const applied: unknown[] = [];
  const jobs = [...(options.jobs ?? [aJob({ UUID: JOB_UUID, Type: 'measurement_import', State: 'running', Progress: 0.4, ProgressMessage: '400 / 1000' })])];
  server.use(
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/collectors', () =>
      HttpResponse.json([{ UUID: COLLECTOR_UUID, Name: 'Simulator' }], { headers: { 'x-total-count': '1' } }),
    ),
    http.post('/api/measurements/import/dry-run', async ({ request }) => {
      const form = await request.formData();
      uploads.push(Object.fromEntries(form.entries()));
      return options.dryRun ? options.dryRun() : HttpResponse.json(DRY_RUN);
    }),
    http.post('/api/measurements/import', async ({ request }) => {
      applied.push(await request.json());
      return HttpResponse.json({ JobUUID: JOB_UUID }, { status: 202 });
    }),
    http.get('/api/jobs/:id', () => HttpResponse.json(jobs.length > 1 ? jobs.shift() : jobs[0])),
  );
  const onClose = jest.fn();
  const rendered = renderWithProviders(<ImportMeasurementsDialog open onClose={onClose} collectorUuid={options.collectorUuid} />, {
    preloadedState: {
      session: aSession({ userPrivileges: [aPrivilege('MANAGE_MEASUREMENTS'), aPrivilege('READ_COLLECTORS')] }),
      organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
    },
  });
  return { ...rendered, uploads, applied, onClose };
}

const spreadsheet = () =>
  new NodeFile(['PK\u0003\u0004 not really a workbook'], 'measurements.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) as unknown as File;

describe('import measurements dialog', () => {
  it('uploads the file for a dry run, shows each row with its action and error cell, applies and follows the job', async () => {
    const { user, uploads, applied, store } = renderDialog({
      jobs: [
        aJob({ UUID: JOB_UUID, Type: 'measurement_import', State: 'running', Progress: 0.4, ProgressMessage: '400 / 1000' }),
        aJob({ UUID: JOB_UUID, Type: 'measurement_import', State: 'done', Progress: 1, Result: { Created: 1, Updated: 1, Unchanged: 1, Failed: 1 } }),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import measurements' });
    const dryRun = within(dialog).getByRole('button', { name: 'Dry run' });
    expect(dryRun).toBeDisabled();
    await user.selectOptions(await within(dialog).findByLabelText('Collector'), 'Simulator');
    await user.upload(within(dialog).getByLabelText('Filled-in template (.xlsx)'), spreadsheet());
    await user.click(dryRun);

    // Errors first: the dry run found one.
    const table = await within(dialog).findByRole('grid', { name: 'Dry run of the import' });
    expect(uploads[0]).toEqual(expect.objectContaining({ CollectorUUID: COLLECTOR_UUID, File: expect.objectContaining({ name: 'measurements.xlsx' }) }));
    const errorRow = within(table).getByRole('row', { name: /Flow/ });
    expect(within(errorRow).getByText('C5')).toBeInTheDocument();
    expect(within(errorRow).getByText(/no time-series database is named “Line 9”/)).toBeInTheDocument();
    expect(within(table).queryByText('Boiler temperature')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/not in the template and are ignored: Colour/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /^All/ }));
    expect(await within(table).findByText('Boiler temperature')).toBeInTheDocument();
    const updated = within(table).getByRole('row', { name: /Boiler pressure/ });
    expect(within(updated).getByText('bar → mbar')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Update/ }));
    await waitFor(() => expect(within(table).queryByText('Feed pump')).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Progress of the import' })).toBeInTheDocument();
    expect(applied).toEqual([{ Token: DRY_RUN.Token }]);
    expect(store.getState().jobsPanel.started).toEqual([JOB_UUID]);
    expect(await within(dialog).findByText('1 created, 1 updated, 1 unchanged, 1 not imported', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Progress of the import' })).toHaveAttribute('value', '100');
  });

  it('tells a refused file in words, with the given collector and no choice of it', async () => {
    const { user } = renderDialog({
      collectorUuid: COLLECTOR_UUID,
      dryRun: () =>
        HttpResponse.json(
          { title: 'Bad Request', status: 400, detail: 'The Measurements sheet has no Name column', code: 'measurement_import.no_name_column' },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import measurements' });
    expect(within(dialog).queryByLabelText('Collector')).not.toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Filled-in template (.xlsx)'), spreadsheet());
    await user.click(within(dialog).getByRole('button', { name: 'Dry run' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The Measurements sheet has no Name column.');
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });
});
