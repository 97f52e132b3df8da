import { DEFAULT_GROUP_ATTRIBUTE, DEFAULT_LDAP_TIMEOUT_MS, DEFAULT_USER_FILTER } from './ldap';

// GET /authentication-provider-types: each kind of identity provider with the SettingsSchema its
// form is drawn from (the same shape as collectors' and time-series databases'). Secure settings
// (secure: true) live in SecureSettings: never sent back, replaced only when a new value is sent.

export type ProviderTypeName = 'local' | 'ldap' | 'oidc';

export interface SchemaProperty {
  title: string;
  description?: string;
  type: 'string' | 'integer' | 'boolean';
  secure?: boolean;
  password?: boolean;
  isMultiLine?: boolean;
  default?: string | number | boolean;
  examples?: string[];
  minimum?: number;
  maximum?: number;
  order: number;
}

export interface ProviderTypeJson {
  Name: ProviderTypeName;
  SettingsSchema: { type: 'object'; 'x-i18n'?: string; properties: Record<string, SchemaProperty>; required: string[] };
}

const LDAP: ProviderTypeJson = {
  Name: 'ldap',
  SettingsSchema: {
    type: 'object',
    'x-i18n': 'schemas.provider_ldap',
    properties: {
      url: { title: 'Server URL', type: 'string', examples: ['ldaps://ldap.example.com:636', 'ldap://ldap.example.com:389'], order: 1 },
      startTls: { title: 'StartTLS', description: 'Upgrade an ldap:// connection to TLS before binding.', type: 'boolean', default: false, order: 2 },
      caCertificate: {
        title: 'CA certificate (PEM)',
        description: 'Only for a directory whose certificate a private or self-signed CA signed.',
        type: 'string',
        isMultiLine: true,
        order: 3,
      },
      bindDn: { title: 'Bind DN', type: 'string', examples: ['cn=historian,ou=services,dc=example,dc=com'], order: 4 },
      bindPassword: { title: 'Bind password', type: 'string', secure: true, password: true, order: 5 },
      userBase: { title: 'User base', type: 'string', examples: ['ou=people,dc=example,dc=com'], order: 6 },
      userFilter: {
        title: 'User filter',
        description: 'Finds the user; {{username}} stands for the name typed at sign-in, escaped.',
        type: 'string',
        default: DEFAULT_USER_FILTER,
        order: 7,
      },
      groupAttribute: {
        title: 'Group attribute',
        description: 'Attribute of the user entry that lists the group DNs.',
        type: 'string',
        default: DEFAULT_GROUP_ATTRIBUTE,
        order: 8,
      },
      timeoutMs: { title: 'Timeout (ms)', type: 'integer', minimum: 100, maximum: 60000, default: DEFAULT_LDAP_TIMEOUT_MS, order: 9 },
    },
    required: ['url', 'bindDn', 'bindPassword', 'userBase'],
  },
};

const OIDC: ProviderTypeJson = {
  Name: 'oidc',
  SettingsSchema: {
    type: 'object',
    'x-i18n': 'schemas.provider_oidc',
    properties: {
      issuer: { title: 'Issuer URL', type: 'string', examples: ['https://login.example.com/realms/plant'], order: 1 },
      clientId: { title: 'Client ID', type: 'string', order: 2 },
      clientSecret: { title: 'Client secret', type: 'string', secure: true, password: true, order: 3 },
      scopes: { title: 'Scopes', type: 'string', default: 'openid profile email', order: 4 },
      groupClaim: { title: 'Group claim', description: 'Claim that lists the user’s groups, e.g. groups.', type: 'string', order: 5 },
    },
    required: ['issuer', 'clientId', 'clientSecret'],
  },
};

const LOCAL: ProviderTypeJson = { Name: 'local', SettingsSchema: { type: 'object', properties: {}, required: [] } };

export const PROVIDER_TYPES: readonly ProviderTypeJson[] = [LOCAL, LDAP, OIDC];

export function providerTypeOf(name: string): ProviderTypeJson | undefined {
  return PROVIDER_TYPES.find((type) => type.Name === name);
}
