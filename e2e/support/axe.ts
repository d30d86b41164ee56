import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 A and AA, and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * What axe finds on the page, one line per rule with the elements it found (a colour-contrast line
 * also names the colours). Colours in the middle of a transition (a chip changing from one status
 * to the next) are neither the old nor the new ones, so finite animations are let finish first.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .map((node) => {
          const data = node.any[0]?.data as { fgColor?: string; bgColor?: string } | undefined;
          const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor})` : '';
          return `${node.target.join(' ')}${colours}`;
        })
        .join(', ')}`,
  );
}
