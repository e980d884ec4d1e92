// The accessibility check of every page: axe's serious and critical violations, as 'rule: targets'.
//
// Every rule of axe runs, on the whole page. Two options make it three to four times faster without changing what
// is checked: legacy mode runs axe in the page itself (the default opens a blank page to gather the frames'
// results, and the app has no frames), and only violations are gathered in full (passes and incomplete results,
// which no test reads, are not).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function seriousViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}
