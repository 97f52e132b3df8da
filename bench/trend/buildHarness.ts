// Bundles bench/trend/harness.tsx with esbuild into .tmp/trend-harness (the bench and the
// screenshot script share it), and serves it with the calls the trend makes answered by `api`.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(__dirname, '../..');
export const HARNESS_DIR = path.join(root, '.tmp/trend-harness');

export async function buildHarness(): Promise<string> {
  mkdirSync(HARNESS_DIR, { recursive: true });
  await build({
    entryPoints: [path.join(__dirname, 'harness.tsx')],
    bundle: true,
    outdir: HARNESS_DIR,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"', 'process.env.APP_VERSION': '"bench"' },
    logLevel: 'warning',
  });
  copyFileSync(path.join(__dirname, 'index.html'), path.join(HARNESS_DIR, 'index.html'));
  return HARNESS_DIR;
}

export type ApiHandler = (request: IncomingMessage, body: Buffer) => { status: number; type: string; body: Buffer | string } | null;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A static server of the harness; `/api/…` goes to `api`. */
export async function serveHarness(api: ApiHandler): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname.startsWith('/api/')) {
        const answer = api(request, Buffer.concat(chunks)) ?? { status: 404, type: 'application/problem+json', body: JSON.stringify({ title: 'Not found', status: 404 }) };
        response.writeHead(answer.status, { 'content-type': answer.type });
        response.end(answer.body);
        return;
      }
      const file = path.join(HARNESS_DIR, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
      try {
        const content = readFileSync(file);
        response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
        response.end(content);
      } catch {
        response.writeHead(404);
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
