// Content-Security-Policy violations in the browser contexts the tests open (launchBrowser() watches every
// context): the pages' securitypolicyviolation events, and the console messages in which Chromium reports
// what it refused. tests/support/fail-on-csp-violations.ts fails the test during which one occurred. Free of
// vitest, so the budget scripts can launch the same browser.
import type { BrowserContext } from 'playwright-core';

export interface CspViolation {
  /** 'event': a securitypolicyviolation event; 'console': Chromium's console report. */
  via: 'event' | 'console';
  pageUrl: string;
  /** The directive and what it blocked, or the console message. */
  description: string;
}

interface ViolationEvent {
  directive: string;
  blocked: string;
  sample: string;
  sourceFile: string;
  line: number;
}

const recorded: CspViolation[] = [];

/** The violations recorded since the last check, left in the record. */
export function cspViolationsSoFar(): CspViolation[] {
  return [...recorded];
}

/** The check every test ends with: throws, naming them, when violations were recorded since the last check. */
export function assertNoCspViolations(): void {
  const violations = recorded.splice(0);
  if (violations.length === 0) return;
  const lines = violations.map((violation) => `${violation.via} on ${violation.pageUrl}: ${violation.description}`);
  throw new Error(`Content-Security-Policy violations in the browser:\n${lines.join('\n')}`);
}

const reportBinding = '__portalReportCspViolation';

/** Runs in every page before its own scripts. */
function listenInPage(binding: string): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as Record<string, (violation: ViolationEvent) => void>)[binding];
    report?.({
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      sample: event.sample,
      sourceFile: event.sourceFile,
      line: event.lineNumber,
    });
  });
}

// Chromium's wording: "Refused to execute inline script because it violates the following Content Security
// Policy directive: …", and the same for styles, fonts, images and connections.
const consoleReport = /Content Security Policy/i;

export async function watchCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding(reportBinding, ({ page }, violation: ViolationEvent) => {
    const where = violation.sourceFile ? ` (${violation.sourceFile}:${violation.line})` : '';
    recorded.push({
      via: 'event',
      pageUrl: page.url(),
      description: `${violation.directive} blocked ${violation.blocked || 'inline'}${violation.sample ? ` "${violation.sample}"` : ''}${where}`,
    });
  });
  await context.addInitScript(listenInPage, reportBinding);
  context.on('console', (message) => {
    if (consoleReport.test(message.text()))
      recorded.push({ via: 'console', pageUrl: message.page()?.url() ?? '', description: message.text() });
  });
}
