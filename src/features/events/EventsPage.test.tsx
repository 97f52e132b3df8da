import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { RootState } from '../../app/store';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { EventsPage } from './EventsPage';
import { aPropertyConfiguration, anEvent, eventServer, problem } from './shared/testing/eventFixtures';

// The events overview (DOMAIN.md §4, rulebook "Events calls"): newest first as the server orders
// them, the SPEC sorts asked of the server, filters in the address and the request, status icons
// with their names, merge and split with the server's refusals, a manual event, the timeline, and
// what a reader without MANAGE_EVENTS sees.

const READER = [aPrivilege('READ_EVENTS'), aPrivilege('READ_EVENT_CONFIGURATIONS')];
const MANAGER = [...READER, aPrivilege('MANAGE_EVENTS')];

function stateWith(privileges = MANAGER): Partial<RootState> {
  return {
    session: aSession({ userPrivileges: privileges }),
    organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
    licence: { loaded: true, error: null, claims: [{ UUID: 'l', Name: 'Site', ExpiresAt: 4_102_444_800, OrganizationUUID: ORG_A_UUID, LicensedFeatures: { Events: true } }] },
  };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function render(route = '/events', privileges = MANAGER) {
  document.cookie = 'XSRF-TOKEN=test';
  return renderWithProviders(
    <>
      <EventsPage />
      <Address />
    </>,
    { route, routePath: '/events', preloadedState: stateWith(privileges) },
  );
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
const grid = () => screen.findByRole('grid', { name: 'Events' });
/** The rows once the list has answered (its count shows). */
const bodyRows = async () => {
  await screen.findByText(/^\d+ events?$/);
  return within(await grid()).getAllByRole('row').slice(1);
};
const filterButton = (name: string) => screen.getByText(name, { selector: '.multi-filter-label' }).closest('summary') as HTMLElement;

const NEWER = () => anEvent({ StartTime: '2026-11-20T12:00:00.000Z', StopTime: null, Duration: null, Status: 'open', Properties: { Temperature: { Value: 81.5, Manual: false } } });
const OLDER = () => anEvent({ StartTime: '2026-11-20T10:00:00.000Z', StopTime: '2026-11-20T11:00:00.000Z', Status: 'incomplete', ParentState: 'missing' });

describe('events overview', () => {
  it('lists the events newest first as the server orders them, with status icons that have a name, duration, parent and simple properties', async () => {
    const seen = eventServer([NEWER(), OLDER()]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(await screen.findByText('2 events')).toBeInTheDocument();
    const [first, second] = await bodyRows();
    expect(within(first).getByRole('img', { name: 'Running' })).toBeInTheDocument();
    expect(within(first).getAllByText('running').length).toBeGreaterThan(0);
    expect(within(first).getByText('81.5')).toBeInTheDocument();
    expect(within(first).getByLabelText('No parent configured')).toHaveTextContent('—');
    expect(within(second).getByRole('img', { name: 'Waiting for input' })).toBeInTheDocument();
    expect(within(second).getByText('1h')).toBeInTheDocument();
    expect(within(second).getByText('missing')).toBeInTheDocument();
    // An open event is shown: the list refreshes itself while the page is in view.
    expect(screen.getByText('Live: refreshed every 5 s')).toBeInTheDocument();
    // Newest first is the server's default order: StartTime, descending (no Ascending).
    expect(seen.lists[0].get('Sort')).toBe('StartTime');
    expect(seen.lists[0].has('Ascending')).toBe(false);
    expect(seen.lists[0].get('StartTime')).not.toBeNull();
    // A range that ends now sends no stop, so events that start later come in with the refresh.
    expect(seen.lists[0].has('StopTime')).toBe(false);
  });

  it('polls only while open events are shown and the page is in view', async () => {
    eventServer([NEWER(), OLDER()]);
    render();
    expect(await screen.findByText('Live: refreshed every 5 s')).toBeInTheDocument();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.queryByText('Live: refreshed every 5 s')).toBeNull();
    visibility.mockRestore();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByText('Live: refreshed every 5 s')).toBeInTheDocument();
  });

  it('polls a range that ends now for new events, but not a past range of closed events', async () => {
    eventServer([OLDER()]);
    const { unmount } = render();
    expect(await screen.findByText('Live: refreshed every 5 s')).toBeInTheDocument();
    unmount();
    render('/events?from=2026-11-01T00:00:00.000Z&to=2026-11-02T00:00:00.000Z');
    await screen.findByText(/^\d+ events?$/);
    expect(screen.queryByText('Live: refreshed every 5 s')).toBeNull();
  });

  it('sorting asks the server with Sort and Ascending, and keeps them in the address', async () => {
    const seen = eventServer([NEWER(), OLDER()]);
    const { user } = render();
    await screen.findByText('2 events');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'StopTime');
    await waitFor(() => expect(seen.lists.at(-1)?.get('Sort')).toBe('StopTime'));
    await user.click(screen.getByRole('button', { name: 'Newest first' }));
    await waitFor(() => expect(seen.lists.at(-1)?.get('Ascending')).toBe('true'));
    expect(address().get('Sort')).toBe('StopTime');
    expect(address().get('Ascending')).toBe('true');
    expect(screen.getByRole('button', { name: 'Oldest first' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends the filters of the address to the server and shows them', async () => {
    const filter = JSON.stringify([{ Property: 'Temperature', Operator: '>', Value: 80 }]);
    const seen = eventServer([NEWER()]);
    render(`/events?from=2026-11-01T00:00:00.000Z&to=2026-11-02T00:00:00.000Z&Statuses=open&Statuses=pending&ExcludeManualEvents=true&PropertyFilter=${encodeURIComponent(filter)}`);
    await screen.findByText('1 event');
    const query = seen.lists[0];
    expect(query.get('StartTime')).toBe('2026-11-01T00:00:00.000Z');
    expect(query.get('StopTime')).toBe('2026-11-02T00:00:00.000Z');
    expect(query.getAll('Statuses[]')).toEqual(['open', 'pending']);
    expect(query.get('ExcludeManualEvents')).toBe('true');
    expect(JSON.parse(query.get('PropertyFilter') ?? '')).toEqual([{ Property: 'Temperature', Operator: '>', Value: 80 }]);
    expect(filterButton('Statuses')).toHaveTextContent('2 chosen');
    expect(screen.getByLabelText('Exclude manual events')).toBeChecked();
  });

  it('a chosen filter lands in the address and in the next request', async () => {
    const seen = eventServer([NEWER(), OLDER()]);
    const { user } = render();
    await screen.findByText('2 events');
    await user.click(filterButton('Event types'));
    await user.click(screen.getByRole('checkbox', { name: 'Batch' }));
    await waitFor(() => expect(seen.lists.at(-1)?.getAll('EventTypeUUIDs[]')).toEqual(['e0000000-0000-4000-8000-000000000001']));
    expect(address().getAll('EventTypeUUIDs')).toEqual(['e0000000-0000-4000-8000-000000000001']);
    // The property filter builder produces the contract's PropertyFilter JSON.
    await user.click(screen.getByText('Property conditions'));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.type(screen.getByRole('textbox', { name: 'Property' }), 'Grade');
    await user.type(screen.getByRole('textbox', { name: 'Value' }), 'A');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(JSON.parse(seen.lists.at(-1)?.get('PropertyFilter') ?? '[]')).toEqual([{ Property: 'Grade', Operator: '=', Value: 'A' }]));
    expect(JSON.parse(address().get('PropertyFilter') ?? '[]')).toEqual([{ Property: 'Grade', Operator: '=', Value: 'A' }]);
  });

  it('merge names both events’ times, sends the merge, and shows the server’s refusal', async () => {
    const newer = anEvent({ StartTime: '2026-11-20T12:00:00.000Z', StopTime: '2026-11-20T13:00:00.000Z' });
    const seen = eventServer([newer, OLDER()], { mergeAnswer: () => problem(409, 'No previous event', { code: 'events.errors.no_previous_event' }) });
    const { user } = render();
    const [first] = await bodyRows();
    await user.click(within(first).getByRole('button', { name: 'Merge with previous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge with the previous event' });
    expect(await within(dialog).findByText(/Nov 20, 2026, 10:00:00 AM|20 Nov 2026, 10:00:00/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This event has no previous event to merge with.');
    expect(seen.merged).toEqual([newer.UUID]);
  });

  it('split checks the time is inside the event before sending, then shows the server’s 400 on At on the field', async () => {
    const event = anEvent({ StartTime: '2026-11-20T10:00:00.000Z', StopTime: '2026-11-20T11:00:00.000Z' });
    const seen = eventServer([event], { splitAnswer: () => problem(400, 'Bad request', { errors: { At: ['events.errors.split_outside'] } }) });
    const { user } = render();
    const [row] = await bodyRows();
    await user.click(within(row).getByRole('button', { name: 'Split' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split the event' });
    const at = within(dialog).getByLabelText('Split at');
    // Before the start: refused here, nothing sent.
    await user.clear(at);
    await user.type(at, '2020-01-01T00:00:00');
    await user.click(within(dialog).getByRole('button', { name: 'Split' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a time after the start');
    expect(seen.splits).toEqual([]);
    // The middle (the default): sent as an instant; the server's refusal lands on the field.
    await user.clear(at);
    const middle = new Date(Date.parse('2026-11-20T10:30:00.000Z'));
    const local = new Date(middle.getTime() - middle.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
    await user.type(at, local);
    await user.click(within(dialog).getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(seen.splits).toEqual([{ id: event.UUID, body: { At: '2026-11-20T10:30:00.000Z' } }]));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a time after the start');
    expect(at).toHaveAttribute('aria-invalid', 'true');
  });

  it('creates a manual event with its values typed per property, possible values as a select', async () => {
    const seen = eventServer([OLDER()], {
      propertyConfigurations: [aPropertyConfiguration(), aPropertyConfiguration({ UUID: 'f0000000-0000-4000-8000-000000000002', PropertyName: 'Grade', Datatype: 'string', PossibleValues: [{ Label: 'Grade A', Value: 'A' }, { Label: 'Grade B', Value: 'B' }] })],
    });
    const { user } = render();
    await screen.findByText('1 event');
    await user.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await user.clear(within(dialog).getByLabelText('Start'));
    await user.type(within(dialog).getByLabelText('Start'), '2026-11-20T08:00:00');
    await user.type(await within(dialog).findByLabelText('Temperature'), '72.5');
    await user.selectOptions(within(dialog).getByLabelText('Grade'), 'Grade B');
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(seen.created).toHaveLength(1));
    expect(seen.created[0]).toEqual({
      EventConfigurationUUID: 'c0000000-0000-4000-8000-000000000001',
      StartTime: new Date('2026-11-20T08:00:00').toISOString(),
      StopTime: null,
      Properties: { Temperature: 72.5, Grade: 'B' },
    });
    // The new event's details open.
    expect(await screen.findByRole('complementary', { name: /Batch/ })).toBeInTheDocument();
  });

  it('shows the server’s refusal of an overlapping manual event', async () => {
    eventServer([OLDER()], { createAnswer: () => problem(409, 'Overlap', { code: 'events.errors.overlap' }) });
    const { user } = render();
    await screen.findByText('1 event');
    await user.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText('This overlaps another event of the configuration.')).toBeInTheDocument();
  });

  it('the details drawer shows every property with its markers, edits a value with a reason and gives a manual one back', async () => {
    const event = anEvent({
      Properties: {
        Temperature: { Value: 72.5, Manual: true },
        Weight: { Value: 10, Manual: false, Defaulted: true },
        Profile: { Value: null, Manual: false, Series: { T: [0, 60, 120, 180], V: [1, 3, 2, 4] } },
      },
    });
    const seen = eventServer([event]);
    const { user } = render(`/events?Event=${event.UUID}`);
    const drawer = await screen.findByRole('complementary', { name: /Batch/ });
    expect(await within(drawer).findByText('Manual')).toBeInTheDocument();
    expect(within(drawer).getByText('Default')).toBeInTheDocument();
    expect(within(drawer).getByRole('img', { name: /Profile: 4 values over time, from 1 to 4/ })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Edit Weight' }));
    await user.clear(within(drawer).getByLabelText('Value'));
    await user.type(within(drawer).getByLabelText('Value'), '12');
    await user.type(within(drawer).getByLabelText('Reason'), 'scale was off');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.updates).toHaveLength(1));
    expect(seen.updates[0].body).toMatchObject({ Properties: { Weight: 12 }, Reason: 'scale was off', StartTime: event.StartTime });
    await user.click(within(drawer).getByRole('button', { name: 'Give Temperature back to its configuration' }));
    await waitFor(() => expect(seen.updates).toHaveLength(2));
    expect(seen.updates[1].body).toMatchObject({ Properties: { Temperature: null } });
  });

  it('the timeline draws one bar per event and opens its details', async () => {
    const open = anEvent({ StartTime: new Date(Date.now() - 3_600_000).toISOString(), StopTime: null, Duration: null, Status: 'open' });
    const done = anEvent({ StartTime: new Date(Date.now() - 5 * 3_600_000).toISOString(), StopTime: new Date(Date.now() - 4 * 3_600_000).toISOString(), Status: 'processed' });
    eventServer([open, done]);
    const { user } = render('/events?View=timeline');
    const timeline = await screen.findByRole('region', { name: 'Events timeline' });
    const lane = await within(timeline).findByRole('group', { name: 'Batch on Plant/Line 1/Mixer' });
    const bars = within(lane).getAllByRole('button');
    expect(bars).toHaveLength(2);
    expect(bars[1]).toHaveAccessibleName(/Batch, .* – running, Running/);
    expect(bars[1]).toHaveClass('event-bar-open');
    // Focus shows the tooltip; Enter opens the details.
    act(() => bars[0].focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Duration: 1h');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('complementary', { name: /Batch/ })).toBeInTheDocument();
    expect(address().get('Event')).toBe(done.UUID);
  });

  it('a reader without MANAGE_EVENTS sees no merge, split, new event or edit', async () => {
    const event = anEvent({ Properties: { Temperature: { Value: 72.5, Manual: true } } });
    eventServer([event]);
    render(`/events?Event=${event.UUID}`, READER);
    const [row] = await bodyRows();
    expect(within(row).getByRole('button', { name: 'Details' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Merge with previous' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Split' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New event' })).toBeNull();
    const drawer = await screen.findByRole('complementary', { name: /Batch/ });
    expect(await within(drawer).findByText('Manual')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Edit Temperature' })).toBeNull();
  });
});
