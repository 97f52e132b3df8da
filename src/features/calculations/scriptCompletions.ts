// What a calculation script sees (server/calculations/sandbox/README.md), as completion entries of
// the script editor: each input's fields by its alias, the helpers, local state and the context.

export interface ScriptCompletion {
  label: string;
  type: 'variable' | 'property' | 'function' | 'namespace';
  detail: string;
}

const INPUT_FIELDS = ['Value', 'Timestamp', 'Tags', 'Status'] as const;
const CONTEXT_FIELDS = ['previousResult', 'timestamp', 'previousTimestamp', 'intervalMs', 'offsetMs'] as const;

/** Every name a script may use, for the aliases of the calculation's inputs. */
export function scriptCompletions(aliases: readonly string[]): ScriptCompletion[] {
  const inputs = aliases.filter((alias) => alias !== '').flatMap((alias) => INPUT_FIELDS.map((field) => ({ label: `_${alias}.${field}`, type: 'property' as const, detail: `input ${alias}` })));
  return [
    ...inputs,
    { label: 'set_tag', type: 'function', detail: '(key, value)' },
    { label: 'set_status', type: 'function', detail: '(status)' },
    { label: 'local.get', type: 'function', detail: '(key)' },
    { label: 'local.set', type: 'function', detail: '(key, value)' },
    ...CONTEXT_FIELDS.map((field) => ({ label: `context.${field}`, type: 'property' as const, detail: 'context' })),
  ];
}
