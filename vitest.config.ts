import { defineConfig } from 'vitest/config';
import LongFilesFirst from './tests/support/long-files-first.js';

// One local stack (DynamoDB Local, SES emulator, local Cognito, API adapter, built web app) is started
// for the whole run by tests/support/global-setup.ts; test files reach it through inject('localStack').
//
// The run has three groups, one after the other:
//   1. side by side: the files without a browser (most of their time is spent waiting on the stack), three at
//      a time, each with people and companies of its own;
//   2. in the browser: headless Chromium is what takes the two cores, so those files run one at a time;
//   3. exclusive: the few files that change what every file reads, or that need the machine to themselves.
const exclusive = [
  // Platform-wide settings: the services offered, the mail senders.
  'tests/integration/platform-services.test.ts',
  'tests/integration/mail-identities.test.ts',
  'tests/e2e/mail-identities.test.ts',
  // Writes into the demo companies every call of the registry makes, and counts their requests.
  'tests/integration/authorization-matrix.test.ts',
  'tests/integration/bench-inputs.test.ts',
  // The upkeep scripts read and rewrite every record of the table.
  'tests/integration/backfill-*.test.ts',
  // The daily digest gathers what every company published since it last ran.
  'tests/integration/notifications.test.ts',
  // Stacks of their own, killed or loaded on purpose.
  'tests/faults/**/*.test.ts',
  'tests/load/**/*.test.ts',
];
const inBrowser = ['tests/e2e/**/*.test.ts'];

const shared = {
  setupFiles: ['tests/support/stack-environment.ts', 'tests/support/fail-on-csp-violations.ts'],
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  allowOnly: false,
};

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default', './tests/support/file-times-reporter.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'side-by-side',
          include: ['tests/**/*.test.ts'],
          exclude: [...inBrowser, ...exclusive],
          maxWorkers: 3,
          sequence: { groupOrder: 0, sequencer: LongFilesFirst },
        },
      },
      {
        test: {
          ...shared,
          name: 'in-browser',
          include: inBrowser,
          exclude: exclusive,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...shared,
          name: 'exclusive',
          include: exclusive,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
