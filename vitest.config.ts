import { defineConfig } from 'vitest/config';

// One local stack (DynamoDB Local, SES emulator, local Cognito, API adapter, built web app) is started
// for the whole run by tests/support/global-setup.ts; test files reach it through inject('localStack').
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/stack-environment.ts', 'tests/support/fail-on-csp-violations.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    allowOnly: false,
    reporters: ['default', './tests/support/file-times-reporter.ts'],
  },
});
