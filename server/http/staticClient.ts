import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const LOCALES_DIR = path.resolve(__dirname, '../../locales');

// The built client: hashed assets cache for a year, index.html never (it names the current hashes).
export async function registerStaticClient(app: FastifyInstance, clientDir: string) {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`No built client in ${clientDir}: run \`npm run build\` first.`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    setHeaders(reply, filePath) {
      const immutable = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg)$/.test(filePath);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  await app.register(fastifyStatic, {
    root: LOCALES_DIR,
    prefix: '/locales/',
    decorateReply: false,
    setHeaders(reply) {
      reply.header('cache-control', 'no-cache');
    },
  });
}
