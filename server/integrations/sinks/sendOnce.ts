import type { Db } from '../../db/db';
import type { OutgoingMessage } from './hub';

// A placeholder so the forwarders' branch compiles: the sinks side writes the real sendOnce (one
// message through a stored sink's broker, with its stored settings and secrets). Replaced at merge.

export interface SendOnceResult {
  delivered: boolean;
  message?: string;
}

export async function sendOnce(_db: Db, _organizationUuid: string, _sinkUuid: string, _message: OutgoingMessage): Promise<SendOnceResult> {
  throw new Error('sendOnce is not implemented on this branch');
}
