import { expect, type Page, test } from '@playwright/test';
import { storageStatePath } from '../support/accounts';

// Issue 17 §3: nothing on screen moves as a page fills in (CLS ≤ 0.05), with the page's code, data
// and fonts arriving over a slow connection as they would on mobile data: the footer is kept below
// the fold, loading states and skeletons take the room of what replaces them, and a web font that
// arrives late does not re-wrap text (fonts.css: font-display optional). The figure is a layout
// measure, not a time.

const CLS_GOAL = 0.05;
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/**
 * Opens `path` and answers the sum of its layout shifts that had no recent input (CLS as the
 * browser reports it, without session windows: the stricter figure), once the page has settled:
 * its heading shown, the network quiet and the last data drawn.
 */
async function layoutShift(page: Page, path: string): Promise<number> {
  // Lighthouse's mobile network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
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

test.describe('on a phone', () => {
  test.use({ viewport: phone });

  for (const path of ['/', '/submit', '/faq', '/learn-more', '/terms-of-service', '/no/such/page']) {
    test(`${path} does not shift as it loads`, async ({ page }) => {
      expect(await layoutShift(page, path)).toBeLessThanOrEqual(CLS_GOAL);
    });
  }

  test.describe('signed in', () => {
    test.use({ storageState: storageStatePath('artist') });

    test('/dashboard does not shift as the profile and submissions arrive', async ({ page }) => {
      expect(await layoutShift(page, '/dashboard')).toBeLessThanOrEqual(CLS_GOAL);
    });

    test("a submission's page does not shift as its details arrive", async ({ page }) => {
      const answer = await page.request.get('/api/profile/submissions');
      const { submissions } = (await answer.json()) as { submissions: { itemId: string }[] };
      const itemId = submissions[0]?.itemId;
      expect(itemId, 'the demo artist has submissions').toBeTruthy();
      expect(await layoutShift(page, `/submission/${itemId}`)).toBeLessThanOrEqual(CLS_GOAL);
    });
  });

  test.describe('staff', () => {
    test.use({ storageState: storageStatePath('staff') });

    test('/admin/board does not shift as the submissions and their counts arrive', async ({ page }) => {
      expect(await layoutShift(page, '/admin/board')).toBeLessThanOrEqual(CLS_GOAL);
    });
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: desktop });

  for (const path of ['/', '/faq']) {
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

    for (const path of ['/admin/board', '/analytics']) {
      test(`${path} does not shift as its data arrives`, async ({ page }) => {
        expect(await layoutShift(page, path)).toBeLessThanOrEqual(CLS_GOAL);
      });
    }
  });
});
