import type { FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import type { AppContext } from '../context';
import { badRequest } from '../http/problem';
import { activateLicence, installationFingerprint, licenceInfo } from '../licence/licences';
import { LicenceRefused } from '../licence/verify';

// GET /license/fingerprint, GET /license/info, POST /license (SPEC §7). Who may call each is
// declared in openapi/historian.yaml (x-historian-access) and enforced by the auth plugin.

/** The client shows this key for a refused token (SPEC §8); `detail` says why in words. */
export const INVALID_TOKEN_CODE = 'historian.errors.invalid_token';

type ActivationBody = Write<'LicenseActivation'>;

export function licenceHandlers(ctx: AppContext) {
  return {
    async getLicenseFingerprint() {
      return { token: await installationFingerprint(ctx.db) };
    },

    async getLicenseInfo() {
      return licenceInfo(ctx);
    },

    async activateLicense(request: FastifyRequest<{ Body: ActivationBody }>) {
      try {
        await activateLicence(ctx, request.body.licenseToken);
      } catch (error) {
        if (!(error instanceof LicenceRefused)) throw error;
        throw badRequest(error.message, { licenseToken: [error.message] }, INVALID_TOKEN_CODE);
      }
      request.log.info('licence activated');
      return licenceInfo(ctx);
    },
  };
}
