import type { APIRequest, Page } from '@playwright/test';
import { expect, expectNoProblems, test } from '../fixtures';
import { storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { CLS_GOAL, layoutShift, layoutShiftSoFar } from '../support/layout-shift';

// The signed-in pages the server renders per request (src/server/routes/signed-in-pages.ts)
// come with their reader's content in the HTML, then the app takes that markup over (hydration)
// with the data the server embedded, without asking the API for it again.

/** The demo artist's seeded submissions (src/server/seed/seed-demo-data.ts). */
const demoTitles = ['Paper Planes', 'Night Swim', 'Golden Hour', 'Low Light', 'Static'];

const rootOf = (html: string) => html.match(/<div id="root">(.*)<\/div>\s*<\/body>/s)?.[1] ?? '';

async function fetchAs(
  playwright: { request: APIRequest },
  baseURL: string | undefined,
  who: 'artist' | 'staff',
  path: string,
) {
  const context = await playwright.request.newContext({ baseURL, storageState: storageStatePath(who) });
  try {
    const response = await context.get(path);
    return { status: response.status(), headers: response.headers(), html: await response.text() };
  } finally {
    await context.dispose();
  }
}

/** The data requests a page made while it loaded, before anyone touched it. */
function watchDataRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname === '/files/optimized/image-mapping.json')
      requests.push(pathname);
  });
  return requests;
}

/**
 * Opens `path` over Lighthouse's mobile network, keeping the heading that came in the HTML; answers
 * whether React took that very element over, once the page's title says it has, and the shift.
 */
async function openAndHydrate(page: Page, path: string, title: RegExp) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
    });
  });
  const shift = await layoutShift(page, path);
  await expect(page).toHaveTitle(title, { timeout: 30_000 });
  const kept = await page.evaluate(() => {
    const heading = (window as unknown as { serverHeading: Element | null }).serverHeading;
    return heading?.isConnected === true && heading === document.querySelector('h1');
  });
  return { shift: Math.max(shift, await layoutShiftSoFar(page)), kept };
}

test.describe("the artist's dashboard", () => {
  test('arrives with their profile and submissions in the HTML, private to them', async ({
    playwright,
    baseURL,
  }) => {
    const { status, headers, html } = await fetchAs(playwright, baseURL, 'artist', '/dashboard');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers.vary).toContain('Cookie');
    const root = rootOf(html);
    expect(root).toContain('>Dashboard</h1>');
    expect(root).toContain('Maya Rivers');
    expect(root).toContain('artist@imprint.example');
    for (const title of demoTitles) expect(root).toContain(`>${title}</h3>`);
    expect(html).toContain('<script id="imprint-page-data" type="application/json">{"siteConfig":');
  });

  test.describe('in the browser', () => {
    test.use({ storageState: storageStatePath('artist'), viewport: { width: 390, height: 844 } });

    test('is taken over without a shift or a new request, and leads to a submission', async ({
      page,
      problems,
    }) => {
      const requests = watchDataRequests(page);
      const { shift, kept } = await openAndHydrate(page, '/dashboard', /^Dashboard \| /);
      expect(kept, 'the server-rendered heading is the one on screen').toBe(true);
      expect(shift).toBeLessThanOrEqual(CLS_GOAL);
      // The page came with its data: nothing asked for the reader, the profile, the submissions or
      // the images' variants again while it loaded.
      expect(requests).toEqual([]);
      const card = page.getByRole('article', { name: 'Golden Hour' });
      await expect(card.getByRole('img', { name: 'Artwork for Golden Hour' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await card.getByRole('link', { name: 'View Details' }).click();
      await expect(page).toHaveURL(/\/submission\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golden Hour');
      expectNoProblems(problems);
    });

    test('reloaded right after a profile save, says so once the page is taken over', async ({
      page,
      problems,
    }) => {
      await page.goto('/dashboard');
      await expect(page).toHaveTitle(/^Dashboard \| /);
      // What the edit-profile page leaves in the history entry, before the dashboard has cleared it:
      // only the browser knows it, so the server's page cannot show the note.
      await page.evaluate(() => {
        const state = window.history.state as Record<string, unknown>;
        window.history.replaceState({ ...state, usr: { profileSaved: true } }, '');
      });
      await page.reload();
      await expect(page.getByRole('alert').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
      expectNoProblems(problems);
    });

    test('shows its content without JavaScript', async ({ browser, baseURL }) => {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        storageState: storageStatePath('artist'),
        viewport: { width: 390, height: 844 },
      });
      try {
        const page = await context.newPage();
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
        await expect(page.getByRole('article', { name: 'Paper Planes' })).toBeVisible();
      } finally {
        await context.close();
      }
    });
  });
});

test.describe('the staff board', () => {
  test('arrives with its submissions in the HTML, in the filter asked for', async ({
    playwright,
    baseURL,
  }) => {
    const all = await fetchAs(playwright, baseURL, 'staff', '/admin/board');
    expect(all.status).toBe(200);
    expect(all.headers['cache-control']).toBe('private, no-store');
    const root = rootOf(all.html);
    expect(root).toContain('>Submissions board</h1>');
    for (const title of demoTitles) expect(root).toContain(`>${title}<`);

    const approved = rootOf(
      (await fetchAs(playwright, baseURL, 'staff', '/admin/board?status=approved')).html,
    );
    expect(approved).toContain('>Golden Hour<');
    expect(approved).not.toContain('>Paper Planes<');
  });

  test("is not rendered for an artist, who gets the app's answer", async ({ playwright, baseURL }) => {
    const { headers, html } = await fetchAs(playwright, baseURL, 'artist', '/admin/board');
    expect(rootOf(html)).toBe('');
    expect(headers['cache-control']).toBe('no-cache');
  });

  test.describe('in the browser', () => {
    test.use({ storageState: storageStatePath('staff') });

    test('is taken over as a table without a new request, and opens a submission', async ({
      page,
      problems,
    }) => {
      const requests = watchDataRequests(page);
      const { shift, kept } = await openAndHydrate(page, '/admin/board', /^Submissions board \| /);
      expect(kept, 'the server-rendered heading is the one on screen').toBe(true);
      expect(shift).toBeLessThanOrEqual(CLS_GOAL);
      const table = page.getByRole('table', { name: 'Submissions' });
      const row = table.getByRole('row').filter({ hasText: 'Golden Hour' });
      await expect(row).toHaveCount(1);
      // Only the staff header's own switch asks for something (the mode, already embedded, is not
      // asked again): the board's first page came with the HTML.
      expect(requests.filter((path) => path === '/api/board/items')).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      await row.getByRole('link', { name: 'Golden Hour' }).click();
      await expect(page).toHaveURL(/\/details\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Golden Hour');
      expectNoProblems(problems);
    });
  });
});
