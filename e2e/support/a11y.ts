import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now and fails on serious or critical violations (WCAG 2.1 A/AA
 * rules plus axe's best practices), listing each rule with the elements it hit.
 */
export const expectNoA11yViolations = async (page: Page, context = page.url()): Promise<void> => {
  // @axe-core/playwright types its page with the newest playwright-core npm hoisted for its peer
  // dependency, not the one @playwright/test uses; at run time it only calls page.evaluate & co.
  const axePage = page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'];
  // Colours are judged as they settle: a tab clicked a moment ago is still fading between its two
  // states (a CI run once caught the results tab half-way, at 3.76:1). Finite CSS transitions and
  // animations are awaited, for two seconds at most; endless ones (spinners, the arena) are not.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const results = await new AxeBuilder({ page: axePage })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `    ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
          )
          .join('\n'),
    )
    .join('\n');
  expect(blocking, `accessibility violations on ${context}:\n${report}`).toEqual([]);
};
