import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const LOCALES_DIR = path.resolve(__dirname, '../../locales');

/** A file name with a content hash (assets/main.0123456789ab.js), or its precompressed copy (….js.br). */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg)(\.br|\.gz)?$/;

// The built client: hashed assets cache for a year, index.html never (it names the current hashes).
// The build writes a .br and a .gz beside each text file (webpack.config.js); a browser gets the
// one its Accept-Encoding allows, brotli first, else the file itself, with Vary: accept-encoding.
export async function registerStaticClient(app: FastifyInstance, clientDir: string) {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`No built client in ${clientDir}: run \`npm run build\` first.`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    // The copies are found beside the file they belong to; they need no URL of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(reply, filePath) {
      const immutable = HASHED_ASSET.test(filePath);
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
