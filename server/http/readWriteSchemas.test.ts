import Ajv from 'ajv';
import { schemaForDirection } from './readWriteSchemas';

// What the contract's readOnly and writeOnly marks mean for each direction of a call.

const organization = {
  type: 'object',
  required: ['UUID', 'Name', 'PostgresPassword'],
  properties: {
    UUID: { allOf: [{ type: 'string', format: 'uuid' }], readOnly: true },
    Name: { type: 'string', enum: ['readOnly'] },
    PostgresPassword: { type: 'string', writeOnly: true },
    Members: { type: 'array', items: { type: 'object', required: ['UUID'], properties: { UUID: { type: 'string', readOnly: true } } } },
  },
};

const validatorFor = (direction: 'request' | 'response') => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const definition = schemaForDirection(organization, direction);
  if (typeof definition !== 'object' || definition === null) throw new Error('not a schema');
  return ajv.compile(definition);
};

describe('readOnly and writeOnly members of the contract', () => {
  it('a request need not carry a readOnly member the contract requires, nested ones included', () => {
    const validate = validatorFor('request');
    expect(validate({ Name: 'readOnly', PostgresPassword: 'pw', Members: [{}] })).toBe(true);
    expect(validate({ PostgresPassword: 'pw' })).toBe(false);
  });

  it('an answer must carry the readOnly members the contract requires', () => {
    const validate = validatorFor('response');
    expect(validate({ Name: 'readOnly' })).toBe(false);
    expect(validate({ UUID: '9b2f8d0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', Name: 'readOnly' })).toBe(true);
  });

  it('an answer that carries a writeOnly member (a secret) does not match the contract', () => {
    const validate = validatorFor('response');
    expect(validate({ UUID: '9b2f8d0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', Name: 'readOnly', PostgresPassword: 'leaked' })).toBe(false);
  });

  it('leaves the contract’s own schema object as it was', () => {
    const before = JSON.stringify(organization);
    schemaForDirection(organization, 'request');
    schemaForDirection(organization, 'response');
    expect(JSON.stringify(organization)).toBe(before);
  });
});
