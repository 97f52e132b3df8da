import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { notFound } from '../http/problem';
import { translationsRepository } from '../repositories/translations';

const LOCALES_DIR = path.resolve(__dirname, '../../locales');

interface TranslationParams {
  lng: string;
  ns: string;
}

export function systemHandlers(ctx: AppContext) {
  return {
    async getInfo() {
      return {
        Version: ctx.version,
        PortalURL: ctx.config.portalUrl,
        SupportURL: ctx.config.supportUrl,
      };
    },

    async getTranslations(request: FastifyRequest<{ Params: TranslationParams }>, reply: FastifyReply) {
      const organization = request.headers['x-organization-uuid'];
      const rows = await translationsRepository(ctx.db).overrides(typeof organization === 'string' ? organization : null, request.params.lng, request.params.ns);
      // Overrides change rarely; let browsers reuse them briefly.
      reply.header('cache-control', 'private, max-age=60');
      return rows.map((row) => ({ ID: row.uuid, Name: row.key, Translation: row.translation }));
    },

    // The shipped translation files are served statically at /locales/ (staticClient.ts); the
    // contract's routes also reach the API prefix, where they answered 501. The same file here (the
    // contract's patterns keep lng and ns to plain names; basename keeps them in the folder).
    async getTranslationFile(request: FastifyRequest<{ Params: TranslationParams }>, reply: FastifyReply) {
      const file = path.join(LOCALES_DIR, path.basename(request.params.lng), `${path.basename(request.params.ns)}.json`);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        throw notFound('No such translation file');
      }
      reply.header('cache-control', 'no-cache');
      return JSON.parse(text) as unknown;
    },

    // Missing keys are reported only by a development build with saveMissing on (src/i18n/i18n.ts
    // has it off); the server accepts such a report and keeps nothing.
    async addMissingTranslations(_request: FastifyRequest, reply: FastifyReply) {
      return reply.code(204).send();
    },
  };
}
