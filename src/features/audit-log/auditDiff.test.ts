import { diffRows, flatten } from './auditDiff';

describe('audit entry diff', () => {
  it('flattens nested objects to dotted paths and array items to indexes', () => {
    expect([...flatten({ name: 'db', settings: { Host: 'h', Tls: { Mode: 'require' } }, hosts: ['a', 'b'], tags: [], extra: {} })]).toEqual([
      ['name', 'db'],
      ['settings.Host', 'h'],
      ['settings.Tls.Mode', 'require'],
      ['hosts[0]', 'a'],
      ['hosts[1]', 'b'],
      ['tags', []],
      ['extra', {}],
    ]);
  });

  it('names each path added, changed, removed or unchanged', () => {
    const lines = diffRows({ name: 'old', settings: { Host: 'a', Port: 5432 }, gone: true }, { name: 'new', settings: { Host: 'a', Port: 5432, User: 'u' } });
    expect(lines).toEqual([
      { path: 'name', kind: 'changed', before: 'old', after: 'new' },
      { path: 'settings.Host', kind: 'unchanged', before: 'a', after: 'a' },
      { path: 'settings.Port', kind: 'unchanged', before: 5432, after: 5432 },
      { path: 'settings.User', kind: 'added', after: 'u' },
      { path: 'gone', kind: 'removed', before: true },
    ]);
  });

  it('a creation adds every path, a deletion removes every path', () => {
    expect(diffRows(null, { name: 'x' })).toEqual([{ path: 'name', kind: 'added', after: 'x' }]);
    expect(diffRows({ name: 'x' }, null)).toEqual([{ path: 'name', kind: 'removed', before: 'x' }]);
  });
});
