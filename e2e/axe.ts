/**
 * axe-core (WCAG 2.x A and AA, 2.1 and 2.2 AA, plus the landmark best practices: all content in
 * a landmark, landmarks told apart by their names) over the page as it is now.
 *
 * axe-core's own script is evaluated in the page and run there, rather than through
 * @axe-core/playwright's AxeBuilder: the builder finishes every analysis in a new blank page,
 * which costs 8 to 10 seconds per call on a loaded 2-core machine against about one second for
 * the analysis itself. The pages have no frames, so nothing is lost. Evaluating the script over
 * the DevTools protocol is not subject to the page's Content-Security-Policy.
 */
import type { Page } from '@playwright/test';
import axeCore, { type AxeResults, type RunOptions } from 'axe-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Best-practice rules checked beside the WCAG tags. */
const RULES = { region: { enabled: true }, 'landmark-unique': { enabled: true } };

/** The violations axe finds, one line each: rule id, impact and the offending elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      const axe = (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, rules });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
    },
    { tags: TAGS, rules: RULES },
  );
  return violations.map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}
