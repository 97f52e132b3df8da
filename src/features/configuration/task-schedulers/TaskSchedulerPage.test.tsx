import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Job, TaskSchedulerRead } from '../../../api/generated/historian.gen';
import { Guard } from '../../../components/Guard';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aJob, aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { aMeasurement, aTaskScheduler, taskSchedulerHandlers } from './testing/taskSchedulerFixtures';
import { TaskSchedulerPage } from './TaskSchedulerPage';

// The editor of SPEC §2 /configuration/task_scheduler (DOMAIN §8): a rule from a preset or typed
// in, an explicit time zone, the export settings, and the next ten runs previewed with their
// daylight-saving flags before the schedule is saved.

const MANAGE = ['READ_TASK_SCHEDULERS', 'MANAGE_TASK_SCHEDULERS', 'READ_MEASUREMENTS'];
const BOILER = aMeasurement('Boiler temperature', 1);
const PUMP = aMeasurement('Pump flow', 2);

function renderEditor(schedulers: TaskSchedulerRead[], route = '/configuration/task_scheduler', privileges = MANAGE, jobs: Job[] = []) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = taskSchedulerHandlers(schedulers, [BOILER, PUMP], undefined, jobs);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route
          path="/configuration/task_scheduler"
          element={
            <Guard route="task_scheduler">
              <TaskSchedulerPage />
            </Guard>
          }
        />
        <Route path="/configuration/task_schedulers" element={<p>list</p>} />
      </Routes>
      <ToastViewport />
    </>,
    {
      route,
      preloadedState: {
        session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, fake };
}

const previewSection = () => screen.findByRole('region', { name: 'Next ten runs' });

describe('task scheduler editor', () => {
  it('previews the next ten runs before saving and flags the one in the spring-forward gap', async () => {
    const { user, fake } = renderEditor([]);
    const preview = await previewSection();
    await user.selectOptions(screen.getByRole('combobox', { name: /Time zone/ }), 'Europe/Amsterdam');
    await waitFor(() => expect(fake.calls('GET', '/api/task-schedulers/preview').at(-1)?.query.get('Timezone')).toBe('Europe/Amsterdam'));
    const runs = await within(preview).findAllByRole('listitem');
    expect(runs).toHaveLength(10);
    const gap = runs[2];
    expect(gap).toHaveTextContent('Sun, Mar 28, 2027, 3:30 AM GMT+2');
    expect(gap).toHaveTextContent('2:30 AM does not exist that day (the clocks go forward): it runs at 3:30 AM.');
    expect(within(preview).getByText('1 run is moved by a daylight-saving change.')).toBeInTheDocument();
    expect(runs[0]).not.toHaveTextContent('clocks');
    const asked = fake.calls('GET', '/api/task-schedulers/preview').at(-1);
    expect(asked?.query.get('RRule')).toBe('FREQ=DAILY;BYHOUR=2;BYMINUTE=0');
    expect(asked?.query.get('Count')).toBe('10');
    expect(fake.calls('POST', '/api/task-schedulers')).toEqual([]);
  });

  it('a preset fills in the rule, and the preview follows it in the chosen time zone', async () => {
    const { user, fake } = renderEditor([]);
    await previewSection();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Schedule preset' }), 'Every Monday at 02:00');
    expect(screen.getByRole('textbox', { name: /Recurrence rule/ })).toHaveValue('FREQ=WEEKLY;BYDAY=MO;BYHOUR=2;BYMINUTE=0');
    await user.selectOptions(screen.getByRole('combobox', { name: /Time zone/ }), 'America/New_York');
    await waitFor(() => {
      const asked = fake.calls('GET', '/api/task-schedulers/preview').at(-1);
      expect([asked?.query.get('RRule'), asked?.query.get('Timezone')]).toEqual(['FREQ=WEEKLY;BYDAY=MO;BYHOUR=2;BYMINUTE=0', 'America/New_York']);
    });
    await user.clear(screen.getByRole('textbox', { name: /Recurrence rule/ }));
    await user.type(screen.getByRole('textbox', { name: /Recurrence rule/ }), 'FREQ=HOURLY;BYMINUTE=15');
    expect(screen.getByRole('combobox', { name: 'Schedule preset' })).toHaveValue('custom');
  });

  it('shows the server’s reason on the rule field when the rule is not valid', async () => {
    const { user } = renderEditor([]);
    await previewSection();
    const rule = screen.getByRole('textbox', { name: /Recurrence rule/ });
    await user.clear(rule);
    await user.type(rule, 'FREQ=BOGUS');
    expect(await screen.findByText('FREQ=BOGUS is not a valid value')).toBeInTheDocument();
    expect(within(await previewSection()).getByRole('alert')).toHaveTextContent('The rule or the time zone is not valid');
  });

  it('creates a scheduler with its export settings and chosen measurements', async () => {
    const { user, fake } = renderEditor([]);
    await previewSection();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Nightly export');
    await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'Running');
    await user.type(screen.getByRole('textbox', { name: /^Folder/ }), 'plant/daily');
    await user.click(screen.getByRole('checkbox', { name: 'Pump flow' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('list')).toBeInTheDocument();
    const [created] = fake.calls('POST', '/api/task-schedulers');
    expect(created.body).toMatchObject({
      Name: 'Nightly export',
      RRule: 'FREQ=DAILY;BYHOUR=2;BYMINUTE=0',
      TaskType: 'parquet_export',
      State: 'running',
      Settings: { Period: '1d', FileInterval: '1h', StartOffset: '0s', Directory: 'plant/daily', AllowOverwrite: false, MeasurementUUIDs: [PUMP.UUID] },
    });
    expect(typeof (created.body as { Timezone: unknown }).Timezone).toBe('string');
  });

  it('refuses a duration that is not one before sending anything', async () => {
    const { user, fake } = renderEditor([]);
    await previewSection();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Bad');
    const period = screen.getByRole('textbox', { name: /^Period/ });
    await user.clear(period);
    await user.type(period, 'one day');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(period).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls('POST', '/api/task-schedulers')).toEqual([]);
  });

  it('edits a stored scheduler, with its measurements ticked', async () => {
    const stored = aTaskScheduler({ Name: 'Weekly archive', RRule: 'FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=2;BYMINUTE=0', Settings: { Period: '7d', FileInterval: '1d', MeasurementUUIDs: [BOILER.UUID] } });
    const { user, fake } = renderEditor([stored], `/configuration/task_scheduler?id=${stored.UUID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit task scheduler' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Schedule preset' })).toHaveValue('monthly');
    expect(screen.getByRole('checkbox', { name: 'Boiler temperature' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('PUT', `/api/task-schedulers/${stored.UUID}`)).toHaveLength(1));
    expect(fake.calls('PUT', `/api/task-schedulers/${stored.UUID}`)[0].body).toMatchObject({ Name: 'Weekly archive', Settings: { Period: '7d', MeasurementUUIDs: [BOILER.UUID] } });
  });

  it('shows a stored scheduler’s next and last run, and runs it now as a job', async () => {
    const stored = aTaskScheduler({ Name: 'Weekly archive', Timezone: 'UTC', NextRunAt: '2027-01-04T02:00:00.000Z', LastRunAt: null });
    const { user, fake } = renderEditor([stored], `/configuration/task_scheduler?id=${stored.UUID}`);
    const runs = await screen.findByText('Next run');
    expect(runs.nextElementSibling).toHaveTextContent('Mon, Jan 4, 2027, 2:00 AM UTC');
    expect(screen.getByText('Last run').nextElementSibling).toHaveTextContent('Not yet');
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('The run is queued as a job.')).toBeInTheDocument();
    expect(fake.calls('POST', `/api/task-schedulers/${stored.UUID}/run`)).toHaveLength(1);
  });

  it('lists the scheduler’s recent runs, which are its jobs', async () => {
    const stored = aTaskScheduler({ Name: 'Weekly archive', Timezone: 'UTC' });
    const jobs = [
      aJob({ TaskSchedulerUUID: stored.UUID, State: 'running', Progress: 0.5, CreatedByName: 'Weekly archive' }),
      aJob({ TaskSchedulerUUID: stored.UUID, State: 'done', Progress: 1, Result: { Files: ['a.parquet', 'b.parquet'] }, CreatedByName: 'admin' }),
      aJob({ TaskSchedulerUUID: stored.UUID, State: 'failed', Error: 'Directory leads out of the export root' }),
    ];
    const { fake } = renderEditor([stored], `/configuration/task_scheduler?id=${stored.UUID}`, MANAGE, jobs);
    const runs = await screen.findByRole('region', { name: 'Recent runs' });
    const items = await within(runs).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Running');
    expect(items[0]).toHaveTextContent('50% done');
    expect(items[1]).toHaveTextContent('2 files written');
    expect(items[1]).toHaveTextContent('by admin');
    expect(items[2]).toHaveTextContent('Directory leads out of the export root');
    expect(fake.calls('GET', '/api/jobs')[0].query.get('TaskSchedulerUUID')).toBe(stored.UUID);
  });

  it('shows a reader the scheduler without a way to change it', async () => {
    const stored = aTaskScheduler({ Name: 'Weekly archive' });
    renderEditor([stored], `/configuration/task_scheduler?id=${stored.UUID}`, ['READ_TASK_SCHEDULERS']);
    expect(await screen.findByRole('heading', { level: 1, name: 'View task scheduler' })).toBeInTheDocument();
    expect(await screen.findByText('Weekly archive')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('offers measurement names only to a reader of measurements; a manager without that privilege is told why', async () => {
    renderEditor([], '/configuration/task_scheduler', ['READ_TASK_SCHEDULERS', 'MANAGE_TASK_SCHEDULERS']);
    expect(await screen.findByText('Choosing measurements needs the privilege to read measurements.')).toBeInTheDocument();
    expect(screen.queryByText('Boiler temperature')).not.toBeInTheDocument();
  });
});
