import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { translationsRepository } from '../repositories/translations';

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
  };
}
