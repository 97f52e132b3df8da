/**
 * Loaded with ts-node without type checking (type checking this file alone costs about nine
 * seconds of CPU per Jest run; `npm run typecheck` checks it).
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 */
import type { Config } from 'jest';

// Browser tests: Debian's Chromium driven by playwright-core against the real server and the
// production build. Each suite starts its own server once (beforeAll), never one per test.
const config: Config = {
  rootDir: '..',
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  globalSetup: '<rootDir>/e2e/support/globalSetup.ts',
  testSequencer: '<rootDir>/e2e/support/slowestFirst.mjs',
  testTimeout: 90_000,
  transform: {
    '^.+\\.m?(t|j)sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: false }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|openid-client|oauth4webapi)/)'],
};

export default config;
