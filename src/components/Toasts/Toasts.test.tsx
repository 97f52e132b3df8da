import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useCreateOrganizationMutation } from '../../api/areas/access';
import { useUpdateTimeseriesDatabaseMutation } from '../../api/areas/configuration';
import { httpError } from '../../api/transport/errors';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { toastShown, type ToastType } from '../../state/toasts';
import { ToastViewport } from './ToastViewport';
import { useToasts } from './useToasts';

function renderViewport() {
  const rendered = renderWithProviders(<ToastViewport />);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const show = (type: ToastType, message: string) => act(() => void rendered.store.dispatch(toastShown({ type, message })));
  return { ...rendered, user, show };
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('Toasts (SPEC §2, §9)', () => {
  it('has the types warning, info, success, danger, primary and default', () => {
    const { show } = renderViewport();
    for (const type of ['warning', 'info', 'success', 'danger', 'primary', 'default'] as const) show(type, `A ${type} toast`);
    for (const type of ['warning', 'info', 'success', 'danger', 'primary', 'default']) {
      expect(screen.getByText(`A ${type} toast`).closest('.toast')).toHaveClass(`toast-${type}`);
    }
  });

  it('a toast closes on its own after 7000 ms and is removed 350 ms later', () => {
    const { show } = renderViewport();
    show('success', 'Saved');
    advance(6999);
    expect(screen.getByText('Saved').closest('.toast')).not.toHaveClass('toast-closing');
    advance(1);
    expect(screen.getByText('Saved').closest('.toast')).toHaveClass('toast-closing');
    advance(349);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('an error toast closes on its own after 12000 ms', () => {
    const { show } = renderViewport();
    show('danger', 'Failed');
    advance(11999);
    expect(screen.getByText('Failed').closest('.toast')).not.toHaveClass('toast-closing');
    advance(1);
    expect(screen.getByText('Failed').closest('.toast')).toHaveClass('toast-closing');
    advance(350);
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('the close button closes a toast', async () => {
    const { show, user } = renderViewport();
    show('info', 'Heads up');
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    advance(350);
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument();
  });

  it('toasts are announced to screen readers: errors assertively, the others politely', () => {
    const { show } = renderViewport();
    const region = screen.getByRole('region', { name: 'Notifications' });
    const alert = within(region).getByRole('alert');
    const status = within(region).getByRole('status');
    show('danger', 'Broken');
    show('success', 'Done');
    expect(alert).toHaveTextContent('Broken');
    expect(status).toHaveTextContent('Done');
  });

  it('the toast is held while the pointer is over it', async () => {
    const { show, user } = renderViewport();
    show('info', 'Read me');
    await user.hover(screen.getByText('Read me'));
    advance(8000);
    expect(screen.getByText('Read me').closest('.toast')).not.toHaveClass('toast-closing');
    await user.unhover(screen.getByText('Read me'));
    advance(7000);
    expect(screen.getByText('Read me').closest('.toast')).toHaveClass('toast-closing');
  });

  it("an error toast's '?' opens the error details with the message, the request body and the stack trace, secrets redacted", async () => {
    const request = { method: 'POST', url: '/api/users?token=abc&page=2', body: { Name: 'ann', Password: 'hunter2', SecureSettings: { key: 'k-secret' }, Token: 'tok-secret' } };
    const failure = { ...httpError(500, 'Internal Server Error', null, request), stack: 'Error: boom\n    at saveUser (users.ts:10)' };
    function Failing() {
      const toasts = useToasts();
      return (
        <button type="button" onClick={() => toasts.showError('Could not save the user.', failure)}>
          Fail
        </button>
      );
    }
    renderWithProviders(
      <>
        <ToastViewport />
        <Failing />
      </>,
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save the user.');
    await user.click(screen.getByRole('button', { name: 'Show error details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error details' });
    expect(dialog).toHaveTextContent('500 Internal Server Error');
    expect(dialog).toHaveTextContent('POST /api/users?token=%5Bredacted%5D&page=2');
    expect(dialog).toHaveTextContent('"Name": "ann"');
    expect(dialog).toHaveTextContent('"Password": "[redacted]"');
    expect(dialog).toHaveTextContent('"SecureSettings": "[redacted]"');
    expect(dialog).toHaveTextContent('"Token": "[redacted]"');
    expect(dialog).toHaveTextContent('at saveUser (users.ts:10)');
    expect(dialog.textContent).not.toMatch(/hunter2|k-secret|tok-secret|abc/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a failed mutation's error details show a stack trace (where the call failed and the server's problem detail) and the request body, secrets redacted", async () => {
    jest.useRealTimers();
    document.cookie = 'XSRF-TOKEN=xsrf-cookie-value; path=/';
    server.use(
      http.post('/api/organizations', () =>
        HttpResponse.json(
          { title: 'Invalid organization', status: 422, detail: 'The password pg-secret-value is too weak', errors: { '/PostgresPassword': ['too weak'] } },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    // The API layer shows the failure's toast (src/api/outcomes.ts).
    function CreateOrganization() {
      const [create] = useCreateOrganizationMutation();
      const submit = async () => {
        const organization = { Name: 'Plant', PostgresUser: 'plant_ro', PostgresPassword: 'pg-secret-value', PostgresPasswordConfirm: 'pg-secret-value' };
        await create({ organization });
      };
      return (
        <button type="button" onClick={() => void submit()}>
          Create
        </button>
      );
    }
    const { user } = renderWithProviders(
      <>
        <ToastViewport />
        <CreateOrganization />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('button', { name: 'Show error details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error details' });

    const stack = within(dialog).getByText('Stack trace').nextElementSibling;
    expect(stack).not.toHaveTextContent('None');
    expect(stack).toHaveTextContent(/\bat\b/);
    expect(stack).toHaveTextContent('"title": "Invalid organization"');
    expect(stack).toHaveTextContent('The password [redacted] is too weak');
    expect(dialog).toHaveTextContent('POST /api/organizations');
    expect(dialog).toHaveTextContent('"Name": "Plant"');
    expect(dialog).toHaveTextContent('"PostgresPassword": "[redacted]"');
    expect(dialog.textContent).not.toMatch(/pg-secret-value|xsrf-cookie-value/);
  });

  it('a save that fails because the server cannot be reached (offline) says what failed and why, translated; its details keep the network failure', async () => {
    jest.useRealTimers();
    document.cookie = 'XSRF-TOKEN=xsrf-cookie-value; path=/';
    let answer: 'network' | 'server' = 'network';
    server.use(
      http.put('/api/timeseries-databases/:id', () =>
        answer === 'network' ? HttpResponse.error() : HttpResponse.json({ message: 'boom' }, { status: 500 }),
      ),
    );
    function SaveDatabase() {
      const [update] = useUpdateTimeseriesDatabaseMutation();
      const database = { Name: 'Plant store', TimeseriesDatabaseTypeUUID: 'type-1', Settings: {}, SecureSettings: {} };
      return (
        <button type="button" onClick={() => void update({ id: 'db-1', createDatabase: false, timeseriesDatabase: database })}>
          Save
        </button>
      );
    }
    const { user, store } = renderWithProviders(
      <>
        <ToastViewport />
        <SaveDatabase />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const toast = (await screen.findByText('The time-series database could not be saved.')).closest('.toast');
    if (!(toast instanceof HTMLElement)) throw new Error('no toast');
    expect(within(toast).getByText('Network request failed')).toBeVisible();
    await user.click(within(toast).getByRole('button', { name: 'Show error details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error details' });
    expect(dialog).toHaveTextContent('NETWORK_ERROR');
    expect(dialog).toHaveTextContent('PUT /api/timeseries-databases/db-1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // A failure the server answered is not told as a network failure.
    act(() => void store.dispatch({ type: 'toasts/toastRemoved', payload: store.getState().toasts.items[0]?.id }));
    answer = 'server';
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const answered = (await screen.findByText('The time-series database could not be saved.')).closest('.toast');
    if (!(answered instanceof HTMLElement)) throw new Error('no toast');
    expect(answered).not.toHaveTextContent('Network request failed');
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('only one viewport shows the toasts when two are mounted', () => {
    const { store } = renderWithProviders(
      <>
        <ToastViewport />
        <ToastViewport />
      </>,
    );
    act(() => void store.dispatch(toastShown({ type: 'info', message: 'Once' })));
    expect(screen.getAllByText('Once')).toHaveLength(1);
  });
});
