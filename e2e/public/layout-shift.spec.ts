import { expect, type Page, test } from '@playwright/test';
import { storageStatePath } from '../support/accounts';

// Issue 17 §3: nothing on screen moves as a page fills in (CLS ≤ 0.05), on a phone's screen, with
// the page's code and data arriving over a slow connection as they would on mobile data.

const CLS_GOAL = 0.05;

/** The page's layout shifts without recent input, summed, once it has settled. */
async function layoutShift(page: Page, path: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
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
  await page.waitForLoadState('networkidle');
  // By tag: the submit form's beta notice hides the page from the accessibility tree, not the screen.
  await expect(page.locator('h1').first()).toBeVisible();
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  for (const path of ['/', '/faq', '/submit']) {
    test(`${path} does not shift as it loads`, async ({ page }) => {
      expect(await layoutShift(page, path)).toBeLessThanOrEqual(CLS_GOAL);
    });
  }

  test.describe('signed in', () => {
    test.use({ storageState: storageStatePath('artist') });
    test('/dashboard does not shift as the profile and submissions arrive', async ({ page }) => {
      expect(await layoutShift(page, '/dashboard')).toBeLessThanOrEqual(CLS_GOAL);
    });
  });

  test.describe('staff', () => {
    test.use({ storageState: storageStatePath('staff') });
    test('/admin/board does not shift as the submissions arrive', async ({ page }) => {
      expect(await layoutShift(page, '/admin/board')).toBeLessThanOrEqual(CLS_GOAL);
    });
  });
});
