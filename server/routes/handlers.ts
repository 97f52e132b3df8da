import type { AppContext } from '../context';
import { systemHandlers } from './system';

// Every operationId of openapi/historian.yaml that the server implements, by domain. An
// operation without a handler answers 501 through fastify-openapi-glue.
export function serviceHandlers(ctx: AppContext) {
  return {
    ...systemHandlers(ctx),
  };
}
