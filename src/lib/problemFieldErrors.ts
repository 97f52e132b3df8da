import { isProblemError } from '../api/transport/errors';

/**
 * The server's per-field messages of a problem+json answer, for the fields a form shows. The
 * texts are shown as the server wrote them: the form checked the rules it knows already, so these
 * are the ones only the server can tell (a name already taken, a licence another organization holds).
 */
export function problemFieldErrors(error: unknown, fields: readonly string[]): Record<string, string[]> {
  if (!isProblemError(error)) return {};
  const found: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.body.errors ?? {})) {
    if (!fields.includes(path) || !Array.isArray(messages)) continue;
    found[path] = messages.filter((message): message is string => typeof message === 'string');
  }
  return found;
}
