import type { AppContext } from '../context';
import { assetHandlers } from './assetHandlers';
import { assetPropertyHandlers } from './assetPropertyHandlers';

/** The operations of /assets and /asset-properties (contract tag Assets). */
export function assetsHandlers(ctx: AppContext) {
  return { ...assetHandlers(ctx), ...assetPropertyHandlers(ctx) };
}
