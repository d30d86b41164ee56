import { expect, type Page } from '@playwright/test';

/** The layout shift a page may have as it loads. */
export const CLS_GOAL = 0.05;

/** Lighthouse's mobile network for `page`: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export async function onMobileNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/**
 * Opens `path` and answers the sum of its layout shifts that had no recent input (CLS as the
 * browser reports it, without session windows: the stricter figure), once the page has settled:
 * its heading shown, the network quiet and the last data drawn.
 */
export async function layoutShift(page: Page, path: string): Promise<number> {
  await onMobileNetwork(page);
  await page.addInitScript(() => {
    const state = window as unknown as { __shift: number };
    state.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) state.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  // By tag: the submit form's beta notice hides the page from the accessibility tree, not the screen.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  // The page's queries, lazy parts and fonts, then two frames for what they bring to be laid out.
  await page.waitForLoadState('networkidle');
  return page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { __shift: number }).__shift;
  });
}

/** The layout shift of a page `layoutShift` opened, from its start until now. */
export function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/** Nothing sticks out sideways: the page is no wider than the screen. */
export async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}
