import { member } from '../../../api/outcomes';

/** The `code` of a problem+json answer (`events.errors.overlap`), or '' for any other failure. */
export function problemCode(error: unknown): string {
  const code = member(error, 'body', 'code');
  return typeof code === 'string' ? code : '';
}
