import { devices, expect, test } from '@playwright/test';
import { storageStatePath } from '../support/accounts';
import { CLS_GOAL, layoutShift } from '../support/layout-shift';

// Nothing on screen moves as a page fills in (CLS ≤ 0.05), with the page's code, data
// and fonts arriving over a slow connection as they would on mobile data: the footer is kept below
// the fold, loading states and skeletons take the room of what replaces them, and a web font that
// arrives late does not re-wrap text (fonts.css: font-display optional). The figure is a layout
// measure, not a time.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

test.describe('on a phone', () => {
  // A phone as the server sees one: its user agent and its client hint (Sec-CH-UA-Mobile: ?1, sent
  // with isMobile). The server lays a signed-in page out for the screen these say
  // (signed-in-pages.ts, guessWideScreen), and a desktop browser at a phone's width is a narrow
  // desktop window, whose first paint is laid out wide.
  test.use({ viewport: phone, userAgent: devices['Pixel 7'].userAgent, isMobile: true, hasTouch: true });

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

    test.describe('in a narrow window', () => {
      test.use({ viewport: { width: 700, height: 800 } });

      // A desktop browser is guessed wide; once a page has asked for the window's width
      // (Accept-CH), the board comes laid out for the window it is in, as cards.
      test('/admin/board comes laid out for the window, once a page has asked for its width', async ({
        page,
      }) => {
        await page.goto('/admin/settings');
        expect(await layoutShift(page, '/admin/board')).toBeLessThanOrEqual(CLS_GOAL);
        // Rendered by the server for a narrow screen, not re-laid out by the browser after.
        const rendered = await page.locator('#imprint-page-data').textContent();
        expect(JSON.parse(rendered ?? '{}')).toMatchObject({ signedIn: { wideScreen: false } });
        await expect(page.getByRole('table')).toHaveCount(0);
      });
    });
  });
});
