import { badRequest } from './problem';

// An item's UUID is readOnly in the contract: the path names the item and a body need not carry it
// (Write<'X'> has no UUID). A client that echoes back the UUID it read must echo the right one: the
// body of another item sent to this path is a mistake to refuse, not to apply.

/** 400 on UUID when the body names another item than the path. */
export function assertBodyNamesPathItem(body: object, uuid: string): void {
  const sent = 'UUID' in body ? body.UUID : undefined;
  if (typeof sent === 'string' && sent.toLowerCase() !== uuid.toLowerCase()) throw badRequest('UUID does not match the path', { UUID: ['does not match'] });
}
