// Setup file of every test file (vitest.config.ts): a Content-Security-Policy violation in any browser the
// test opened (launchBrowser() watches each context) fails that test; one after the last test fails the file.
import { afterAll, afterEach } from 'vitest';
import { assertNoCspViolations } from './csp-violations.js';

afterEach(assertNoCspViolations);
afterAll(assertNoCspViolations);
