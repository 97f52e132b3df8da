import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

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
      const { rows } = await ctx.db.query<{ uuid: string; name: string; translation: string }>(
        `select uuid, key as name, translation from translation_overrides
          where organization_uuid = $1 and language = $2 and namespace = $3 order by key`,
        [typeof organization === 'string' ? organization : null, request.params.lng, request.params.ns],
      );
      // Overrides change rarely; let browsers reuse them briefly.
      reply.header('cache-control', 'private, max-age=60');
      return rows.map((row) => ({ ID: row.uuid, Name: row.name, Translation: row.translation }));
    },
  };
}
