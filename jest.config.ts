/**
 * Loaded with ts-node without type checking (type checking this file alone costs about nine
 * seconds of CPU per Jest run; `npm run typecheck` checks it).
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 */
import type { Config } from 'jest';

// ESM-only packages that ts-jest has to transpile to CommonJS for Jest.
const esmOnly = ['@tanstack/react-table', '@tanstack/table-core', 'rettime', 'until-async', '@open-draft/deferred-promise', 'jose', 'openid-client', 'oauth4webapi', 'qs-esm', 'fastify-openapi-glue', '@seriousme/openapi-schema-validator', 'content-disposition', 'cookie', '@fastify/cookie', 'hyparquet', 'hyparquet-writer'];

const transform: Config['transform'] = {
  '^.+\\.m?(t|j)sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: false }],
};
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];

const config: Config = {
  // 2-core machines under load: the 5 s default is too tight for suites that start real services.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/src/testing/styleMock.ts' },
      testEnvironmentOptions: { url: 'http://localhost/' },
      transform,
      transformIgnorePatterns,
    },
    {
      // What client and server share; it runs in Node, and its own tsconfig keeps it free of DOM and Node types.
      displayName: 'domain',
      testEnvironment: 'node',
      roots: ['<rootDir>/domain'],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'contract',
      testEnvironment: 'node',
      roots: ['<rootDir>/openapi', '<rootDir>/locales'],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testTimeout: 30_000,
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      // fastify-openapi-glue's validator reads files through import.meta.url (ESM only); see the shim.
      moduleNameMapper: {
        '^@seriousme/openapi-schema-validator$': '<rootDir>/server/auth/testing/openapiSchemaValidatorShim.ts',
      },
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
