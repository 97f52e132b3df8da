import type { AppContext } from '../context';
import { prototypeDefinitionHandlers } from './definitions';
import { prototypeInstanceHandlers } from './instances';
import { prototypePlanHandlers } from './plans';

// The prototypes' operations of the contract (README.md), registered in server/routes/handlers.ts;
// the plan's spreadsheet is spreadsheet*.ts's.
export function prototypesHandlers(ctx: AppContext) {
  return { ...prototypeDefinitionHandlers(ctx), ...prototypeInstanceHandlers(ctx), ...prototypePlanHandlers(ctx) };
}
