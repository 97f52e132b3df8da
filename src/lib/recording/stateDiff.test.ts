import { diffState, render } from './stateDiff';

describe('the state diff of a replay step', () => {
  it('lists paths added, changed and removed, with short renderings of both sides', () => {
    const before = { session: { userName: null, userLocale: 'en' }, tableSettings: { byTableId: { a: { shown: ['x'] } } } };
    const after = { session: { userName: 'ada', userLocale: 'en' }, tableSettings: { byTableId: { b: { shown: ['y'] } } } };
    expect(diffState(before, after)).toEqual({
      truncated: false,
      entries: [
        { path: 'session.userName', kind: 'changed', before: 'null', after: '"ada"' },
        { path: 'tableSettings.byTableId.a', kind: 'removed', before: '{"shown":["x"]}' },
        { path: 'tableSettings.byTableId.b', kind: 'added', after: '{"shown":["y"]}' },
      ],
    });
  });

  it('walks arrays by index and quotes member names that are not identifiers', () => {
    const diff = diffState({ list: [1, 2], q: { 'getInfo(undefined)': { status: 'pending' } } }, { list: [1, 3, 4], q: { 'getInfo(undefined)': { status: 'fulfilled' } } });
    expect(diff.entries.map((e) => `${e.kind} ${e.path}`)).toEqual(['changed list[1]', 'added list[2]', 'changed q["getInfo(undefined)"].status']);
  });

  it('skips subtrees that are the same object without walking them', () => {
    const shared = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('walked');
        },
      },
    );
    expect(diffState({ shared, n: 1 }, { shared, n: 2 }).entries).toEqual([{ path: 'n', kind: 'changed', before: '1', after: '2' }]);
  });

  it('reports nothing for equal states, and a whole change when the types differ', () => {
    expect(diffState({ a: [1] }, { a: [1] }).entries).toEqual([]);
    expect(diffState({ a: [1] }, { a: { 0: 1 } }).entries).toEqual([{ path: 'a', kind: 'changed', before: '[1]', after: '{"0":1}' }]);
  });

  it('cuts long values and stops after the maximum number of entries', () => {
    expect(render('x'.repeat(100), 10)).toBe('"xxxxxxxx…');
    const before = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, i]));
    const diff = diffState(before, {}, { maxEntries: 3 });
    expect(diff.entries).toHaveLength(3);
    expect(diff.truncated).toBe(true);
  });
});
