import { redactSecrets, runConnectionTest } from './connectionTest';

describe('connection tests', () => {
  it('stops at the first failing step and names it', async () => {
    const ran: string[] = [];
    const step = (name: string, fail = false) => ({
      name,
      run: async () => {
        ran.push(name);
        if (fail) throw new Error(`${name} broke`);
        return `${name} fine`;
      },
    });
    const result = await runConnectionTest([step('connect'), step('authenticate', true), step('write')], []);
    expect(ran).toEqual(['connect', 'authenticate']);
    expect(result).toEqual({
      Success: false,
      FailedStep: 'authenticate',
      Steps: [
        { Name: 'connect', Success: true, Message: 'connect fine' },
        { Name: 'authenticate', Success: false, Message: 'authenticate broke' },
      ],
    });
  });

  it('never shows a secret, plain or URL-encoded, in a message', async () => {
    const secret = 'p@ss word/1';
    expect(redactSecrets(`bad ${secret} and ${encodeURIComponent(secret)}`, [secret, ''])).toBe('bad *** and ***');
    const result = await runConnectionTest([{ name: 'connect', run: () => Promise.reject(new Error(`refused for ${secret}`)) }], [secret]);
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(result.Steps[0].Message).toBe('refused for ***');
  });

  it('reports the cause fetch hides behind "fetch failed"', async () => {
    const error = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    const result = await runConnectionTest([{ name: 'connect', run: () => Promise.reject(error) }], []);
    expect(result.Steps[0].Message).toBe('fetch failed: connect ECONNREFUSED 127.0.0.1:1');
  });
});
