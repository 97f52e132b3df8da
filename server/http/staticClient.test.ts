import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerStaticClient } from './staticClient';

// The built client goes out as the build compressed it (a .br and a .gz beside each text file),
// hashed assets cached for a year, index.html revalidated on every load.

const PUBLIC_DIR = path.resolve(__dirname, '../../public');
const ASSET = 'assets/main.0123456789ab.js';
const SCRIPT = `console.log(${JSON.stringify('historian '.repeat(200))});\n`;
const INDEX = readFileSync(path.join(PUBLIC_DIR, 'index.html'), 'utf8');

let app: FastifyInstance;
let clientDir: string;

function writeWithCopies(file: string, content: string) {
  const target = path.join(clientDir, file);
  writeFileSync(target, content);
  writeFileSync(`${target}.br`, brotliCompressSync(content));
  writeFileSync(`${target}.gz`, gzipSync(content));
}

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'historian-static-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeWithCopies('index.html', INDEX);
  writeWithCopies(ASSET, SCRIPT);
  writeFileSync(path.join(clientDir, 'favicon.svg'), readFileSync(path.join(PUBLIC_DIR, 'favicon.svg')));
  app = Fastify({ logger: false });
  await registerStaticClient(app, clientDir);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the built client', () => {
  it('sends a browser that accepts brotli the brotli file the build made, cached for a year', async () => {
    const response = await get(`/${ASSET}`, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends a client that accepts only gzip the gzip file', async () => {
    const response = await get(`/${ASSET}`, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends a client that accepts no encoding the plain file, varying on Accept-Encoding for caches', async () => {
    const response = await get(`/${ASSET}`);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it('has index.html revalidated on every load, compressed or not, since it names the current hashes', async () => {
    for (const url of ['/', '/index.html']) {
      const compressed = await get(url, 'br');
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['content-type']).toMatch(/text\/html/);
      expect(compressed.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(INDEX);
      const plain = await get(url);
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body).toBe(INDEX);
    }
  });

  it('gives the compressed copies no address of their own', async () => {
    expect((await get(`/${ASSET}.br`)).statusCode).toBe(404);
    expect((await get('/index.html.gz')).statusCode).toBe(404);
  });

  it('serves the favicon that index.html links', async () => {
    const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"/.exec(INDEX)?.[1];
    expect(href).toBe('/favicon.svg');
    const response = await get(href ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(response.body).toContain('<svg');
  });
});
