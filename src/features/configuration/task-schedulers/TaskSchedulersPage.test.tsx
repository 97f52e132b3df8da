import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Guard } from '../../../components/Guard';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { aTaskScheduler, taskSchedulerHandlers } from './testing/taskSchedulerFixtures';
import { TaskSchedulersPage } from './TaskSchedulersPage';
import type { TaskSchedulerRead } from '../../../api/generated/historian.gen';

// The list of SPEC §2 /configuration/task_schedulers (DOMAIN §8): READ_TASK_SCHEDULERS to see it,
// MANAGE_TASK_SCHEDULERS to run, start, stop, edit or delete.

const READ = ['READ_TASK_SCHEDULERS'];
const MANAGE = ['READ_TASK_SCHEDULERS', 'MANAGE_TASK_SCHEDULERS'];

function renderList(schedulers: TaskSchedulerRead[], privileges = MANAGE) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = taskSchedulerHandlers(schedulers);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route
          path="/configuration/task_schedulers"
          element={
            <Guard route="task_schedulers">
              <TaskSchedulersPage />
            </Guard>
          }
        />
        <Route path="/configuration/task_scheduler" element={<p>editor</p>} />
      </Routes>
      <ToastViewport />
    </>,
    {
      route: '/configuration/task_schedulers',
      preloadedState: {
        session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, fake };
}

const grid = () => screen.findByRole('grid', { name: 'Task schedulers' });

describe('task schedulers list', () => {
  it('shows each scheduler with its name, rule, time zone, state and next run in its zone', async () => {
    renderList([aTaskScheduler({ Name: 'Nightly export', NextRunAt: '2027-01-15T01:00:00.000Z' }), aTaskScheduler({ Name: 'Paused export', State: 'stopped', NextRunAt: null })]);
    const table = await grid();
    const nightly = await within(table).findByRole('row', { name: /Nightly export/ });
    expect(within(nightly).getByText('FREQ=DAILY;BYHOUR=2;BYMINUTE=0')).toBeInTheDocument();
    expect(nightly).toHaveTextContent('Time zone: Europe/Amsterdam');
    expect(within(nightly).getByText('Running')).toBeInTheDocument();
    // 01:00 UTC is 02:00 in Amsterdam in winter, written in the user's locale.
    expect(within(nightly).getByText('Jan 15, 2027')).toBeInTheDocument();
    expect(within(nightly).getByText(/^2:00\sAM GMT\+1$/)).toBeInTheDocument();
    const paused = within(table).getByRole('row', { name: /Paused export/ });
    expect(within(paused).getByText('Stopped')).toBeInTheDocument();
    expect(within(paused).getByText('None')).toBeInTheDocument();
  });

  it('task schedulers load only with READ_TASK_SCHEDULERS', async () => {
    const { fake } = renderList([aTaskScheduler()], ['READ_USERS']);
    expect(await screen.findByText('You do not have the privileges needed for this page.')).toBeInTheDocument();
    expect(fake.requests).toEqual([]);
  });

  it('run now, start, stop, create and delete need MANAGE_TASK_SCHEDULERS', async () => {
    renderList([aTaskScheduler({ Name: 'Nightly export' })], READ);
    const row = await within(await grid()).findByRole('row', { name: /Nightly export/ });
    expect(within(row).getByRole('button', { name: 'View task scheduler' })).toBeInTheDocument();
    for (const name of ['Run now', 'Stop', 'Delete task scheduler']) expect(within(row).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create task scheduler' })).not.toBeInTheDocument();
  });

  it('runs a task now as a job', async () => {
    const scheduler = aTaskScheduler({ Name: 'Nightly export' });
    const { user, fake } = renderList([scheduler]);
    const row = await within(await grid()).findByRole('row', { name: /Nightly export/ });
    await user.click(within(row).getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('The run is queued as a job.')).toBeInTheDocument();
    expect(fake.calls('POST', `/api/task-schedulers/${scheduler.UUID}/run`)).toHaveLength(1);
  });

  it('stops a running scheduler, which then offers to start again', async () => {
    const scheduler = aTaskScheduler({ Name: 'Nightly export' });
    const { user, fake } = renderList([scheduler]);
    const row = await within(await grid()).findByRole('row', { name: /Nightly export/ });
    await user.click(within(row).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(fake.calls('PUT', `/api/task-schedulers/${scheduler.UUID}`)).toHaveLength(1));
    expect(fake.calls('PUT', `/api/task-schedulers/${scheduler.UUID}`)[0].body).toMatchObject({ Name: 'Nightly export', State: 'stopped', RRule: scheduler.RRule });
    await user.click(await within(await grid()).findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(fake.calls('PUT', `/api/task-schedulers/${scheduler.UUID}`)).toHaveLength(2));
    expect(fake.calls('PUT', `/api/task-schedulers/${scheduler.UUID}`)[1].body).toMatchObject({ State: 'running' });
  });

  it('deletes a scheduler after confirmation', async () => {
    const scheduler = aTaskScheduler({ Name: 'Old export' });
    const { user, fake } = renderList([scheduler, aTaskScheduler({ Name: 'Kept' })]);
    const row = await within(await grid()).findByRole('row', { name: /Old export/ });
    await user.click(within(row).getByRole('button', { name: 'Delete task scheduler' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete task scheduler' });
    expect(dialog).toHaveTextContent('Delete the task scheduler Old export?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The task scheduler is deleted.')).toBeInTheDocument();
    expect(fake.calls('DELETE', `/api/task-schedulers/${scheduler.UUID}`)).toHaveLength(1);
  });

  it('opens the editor from a row', async () => {
    const { user } = renderList([aTaskScheduler({ Name: 'Nightly export' })]);
    const row = await within(await grid()).findByRole('row', { name: /Nightly export/ });
    await user.click(within(row).getByRole('button', { name: 'Edit task scheduler' }));
    expect(await screen.findByText('editor')).toBeInTheDocument();
  });
});
