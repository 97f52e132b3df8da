import type { components, Readable, Writable } from './contract.gen';

// The contract's schemas as each side of a call sees them. The contract marks what the server sets
// (UUID, audit fields) readOnly and lists it in `required`, and what only travels towards the
// server (passwords, SecureSettings) writeOnly; contract.gen.ts carries those marks, and these two
// helpers take them off.

type Schemas = components['schemas'];
export type SchemaName = keyof Schemas;

/** A schema as the server answers it: readOnly members present (required ones required), writeOnly ones absent. */
export type Read<Name extends SchemaName> = Readable<Schemas[Name]>;

/** A schema as a request sends it: writeOnly members present, readOnly ones absent. */
export type Write<Name extends SchemaName> = Writable<Schemas[Name]>;
