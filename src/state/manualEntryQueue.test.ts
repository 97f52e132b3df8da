import { cellWritten, entryConflicted, entryKept, entryQueued, entrySent, manualEntryQueueReducer, type QueuedEntry } from './manualEntryQueue';

// The waiting manual entries: one per cell (the last typed counts, expecting what the server held
// when the first was typed), "Keep mine" expects the server's value, a cell written since drops them.

const entry = (overrides: Partial<QueuedEntry> = {}): QueuedEntry => ({
  id: 'q1',
  userUuid: 'u1',
  organizationUuid: 'o1',
  formUuid: 'f1',
  write: { kind: 'event', eventUuid: 'e1', key: 'p1', value: 1, expected: null },
  queuedAt: '2026-11-20T10:00:00.000Z',
  cause: 'offline',
  ...overrides,
});

describe('the manual entry queue', () => {
  it('keeps one entry per cell: a newer value replaces the waiting one and keeps its Expected', () => {
    let state = manualEntryQueueReducer(undefined, entryQueued(entry()));
    state = manualEntryQueueReducer(state, entryQueued(entry({ id: 'q2', write: { kind: 'event', eventUuid: 'e1', key: 'p1', value: 2, expected: 1 } })));
    expect(state.items).toEqual([entry({ id: 'q2', write: { kind: 'event', eventUuid: 'e1', key: 'p1', value: 2, expected: null } })]);
    // Another user's entry of the same cell is theirs.
    state = manualEntryQueueReducer(state, entryQueued(entry({ id: 'q3', userUuid: 'u2' })));
    expect(state.items).toHaveLength(2);
  });

  it('"Keep mine" expects the server\'s current value and takes a reason; a sent entry leaves', () => {
    let state = manualEntryQueueReducer(undefined, entryQueued(entry()));
    state = manualEntryQueueReducer(state, entryConflicted({ id: 'q1', conflict: { current: 5, updatedBy: 'Bob' } }));
    state = manualEntryQueueReducer(state, entryKept({ id: 'q1', reason: 'Mine is right' }));
    expect(state.items[0]).toEqual(entry({ write: { kind: 'event', eventUuid: 'e1', key: 'p1', value: 1, expected: 5 }, reason: 'Mine is right' }));
    expect(manualEntryQueueReducer(state, entrySent('q1')).items).toEqual([]);
  });

  it('drops what waited for a cell that was written since', () => {
    const state = manualEntryQueueReducer(undefined, entryQueued(entry()));
    expect(manualEntryQueueReducer(state, cellWritten({ userUuid: 'u1', formUuid: 'f1', write: { kind: 'event', eventUuid: 'e1', key: 'p1', value: 3, expected: 1 } })).items).toEqual([]);
    expect(manualEntryQueueReducer(state, cellWritten({ userUuid: 'u1', formUuid: 'f1', write: { kind: 'event', eventUuid: 'e2', key: 'p1', value: 3, expected: 1 } })).items).toHaveLength(1);
  });
});
