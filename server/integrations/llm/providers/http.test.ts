import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { languageOf, systemPrompt } from '../chat';
import { callProvider, maskSecrets } from './http';
import { LlmProviderError } from './types';

// What a provider's failure may say (server/integrations/README.md, "Secrets"): the key, bearer
// values, key-like strings and URL user information are masked; long bodies are cut; each failure
// names its step.

describe('maskSecrets', () => {
  it('masks the key, bearer values, key-like strings and URL user information', () => {
    const key = 'my-very-private-key';
    const masked = maskSecrets(
      `bad key ${key}; Authorization: Bearer abc.def.ghi; sk-proj-ABCDEF123456 and ${'x'.repeat(40)} at https://user:pw@host.example/v1`,
      [key],
    );
    expect(masked).not.toContain(key);
    expect(masked).not.toContain('abc.def.ghi');
    expect(masked).not.toContain('sk-proj-ABCDEF123456');
    expect(masked).not.toContain('x'.repeat(40));
    expect(masked).not.toContain('user:pw');
    expect(masked).toContain('https://****@host.example/v1');
  });
});

describe('callProvider', () => {
  let port: number;
  let status = 200;
  let body = '{}';
  const server = createServer((request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const call = () => callProvider({ url: `http://127.0.0.1:${port}/v1/models`, method: 'GET', headers: {}, timeoutMs: 2000, secrets: ['the-key-1234'] });
  const failure = async () => {
    try {
      await call();
    } catch (error) {
      if (error instanceof LlmProviderError) return error;
    }
    throw new Error('no LlmProviderError');
  };

  it('names authenticate for 401 and 403, model for other failures, and cuts long messages', async () => {
    status = 401;
    body = JSON.stringify({ error: { message: 'Incorrect API key provided: the-key-1234' } });
    const refused = await failure();
    expect(refused.step).toBe('authenticate');
    expect(refused.message).toContain('401');
    expect(refused.message).not.toContain('the-key-1234');
    status = 500;
    body = 'x '.repeat(1000);
    const broken = await failure();
    expect(broken.step).toBe('model');
    expect(broken.message.length).toBeLessThan(400);
    status = 200;
    body = 'not json';
    expect((await failure()).step).toBe('model');
    body = '{"ok":true}';
    await expect(call()).resolves.toEqual({ ok: true });
  });

  it('names reach when nothing listens', async () => {
    const error = await callProvider({ url: 'http://127.0.0.1:9/v1/models', method: 'GET', headers: {}, timeoutMs: 2000, secrets: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmProviderError);
    expect((error as LlmProviderError).step).toBe('reach');
  });
});

describe('the system prompt', () => {
  it('asks for the language of accept-language, and for the question’s language when unknown', () => {
    expect(languageOf('nl-NL,nl;q=0.9,en;q=0.8')).toBe('Dutch');
    expect(languageOf('zh')).toBe('Chinese');
    expect(languageOf(undefined)).toMatch(/language of the user/);
    expect(systemPrompt('French')).toContain('Answer in French');
    expect(systemPrompt('French')).toMatch(/tools/);
  });
});
