import { dismissBetaNotice, expect, expectNoProblems, test } from '../fixtures';
import { storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { CLS_GOAL, layoutShift, layoutShiftSoFar } from '../support/layout-shift';

// The public pages come as HTML that shows before any script runs (the server prerenders
// them, src/server/routes/prerendered-pages.ts), and the app then takes that markup over
// (hydration) instead of rendering it again. A page's title is set by its own effect, so a title
// in place means React has taken the page over.

const pages = [
  {
    path: '/',
    heading: 'Your music deserves a label that listens.',
    text: 'Release new music',
    title: /\| Submit your music$/,
  },
  { path: '/faq', heading: 'Frequently asked questions', text: 'Who can submit music?', title: /^FAQ \| / },
  {
    path: '/submit',
    heading: 'Submit your music',
    text: 'Basic Information',
    title: /^Submit your music \| /,
  },
];

const phone = { width: 390, height: 844 };

test.describe('the prerendered HTML', () => {
  for (const { path, heading, text } of pages) {
    test(`of ${path} holds the page, its styles with the response's nonce, and the mode it shows`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const root = html.match(/<div id="root">(.*)<\/div>\s*<\/body>/s)?.[1] ?? '';
      expect(root).toContain(`>${heading}</h1>`);
      expect(root).toContain(text);
      expect(html).toContain(
        '<script id="imprint-page-data" type="application/json">{"siteConfig":{"submissionsEnabled":true,',
      );
      const nonce = html.match(/<meta name="csp-nonce" content="([a-f0-9]+)">/)?.[1];
      const styleTags = html.match(/<style[^>]*>/g) ?? [];
      expect(styleTags.length).toBeGreaterThan(1);
      for (const tag of styleTags) expect(tag).toContain(`nonce="${nonce}"`);
    });
  }

  test('is not sent to a signed-in person, whose page the browser renders', async ({
    playwright,
    baseURL,
  }) => {
    const artist = await playwright.request.newContext({ baseURL, storageState: storageStatePath('artist') });
    try {
      const html = await (await artist.get('/')).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('imprint-page-data');
    } finally {
      await artist.dispose();
    }
  });
});

test.describe('without JavaScript', () => {
  for (const { path, heading, text } of pages) {
    test(`${path} shows its content`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: phone });
      try {
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
      } finally {
        await context.close();
      }
    });
  }
});

test.describe('the response promise', () => {
  /** The sentence as the setting has it now (another spec may have changed the promise). */
  async function promiseSentence(request: import('@playwright/test').APIRequestContext) {
    const config = (await (await request.get('/api/config')).json()) as { responsePromise: { days: number } };
    const days = config.responsePromise.days;
    return `We answer every submission within ${days} ${days === 1 ? 'day' : 'days'}.`;
  }

  test("is in /submit's HTML and shows without JavaScript, and the page passes axe", async ({
    browser,
    baseURL,
    request,
    page,
  }) => {
    const sentence = await promiseSentence(request);
    const html = await (await request.get('/submit')).text();
    const root = html.match(/<div id="root">(.*)<\/div>\s*<\/body>/s)?.[1] ?? '';
    expect(root).toContain(sentence);

    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: phone });
    try {
      const still = await context.newPage();
      await still.goto('/submit');
      await expect(still.getByText(sentence)).toBeVisible();
    } finally {
      await context.close();
    }

    await page.goto('/submit');
    await dismissBetaNotice(page);
    await expect(page.getByText(sentence)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe('on the dashboard', () => {
    test.use({ storageState: storageStatePath('artist') });

    test('is said to the artist too, and the page passes axe', async ({ page, request }) => {
      const sentence = await promiseSentence(request);
      await page.goto('/dashboard');
      await expect(page.getByText(sentence)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Your Submissions' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});

test.describe('with JavaScript, on a phone', () => {
  test.use({ viewport: phone });

  /**
   * Opens `path` as `layoutShift` does (Lighthouse's mobile network), keeping the heading that came
   * in the HTML; answers whether React took that very element over once it has taken the page over.
   */
  async function openAndHydrate(page: import('@playwright/test').Page, path: string, title: RegExp) {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading =
          document.querySelector('h1');
      });
    });
    const shift = await layoutShift(page, path);
    await expect(page).toHaveTitle(title, { timeout: 30_000 });
    const kept = await page.evaluate(() => {
      const heading = (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading;
      return heading?.isConnected === true && heading === document.querySelector('h1');
    });
    return { shift: Math.max(shift, await layoutShiftSoFar(page)), kept };
  }

  test('/ is taken over without a shift, and its menu opens', async ({ page, problems }) => {
    const { shift, kept } = await openAndHydrate(page, '/', /\| Submit your music$/);
    expect(kept, 'the prerendered heading is the one on screen').toBe(true);
    expect(shift).toBeLessThanOrEqual(CLS_GOAL);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Learn More' })).toBeVisible();
    expectNoProblems(problems);
  });

  test('/faq is taken over without a shift, and an answer opens', async ({ page, problems }) => {
    const { shift, kept } = await openAndHydrate(page, '/faq', /^FAQ \| /);
    expect(kept, 'the prerendered heading is the one on screen').toBe(true);
    expect(shift).toBeLessThanOrEqual(CLS_GOAL);
    const question = page.getByRole('button', { name: 'Who can submit music?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Independent artists and bands aged 16 or over')).toBeVisible();
    expectNoProblems(problems);
  });

  test('/submit is taken over without a shift, and its form checks what is missing', async ({
    page,
    problems,
  }) => {
    const { shift, kept } = await openAndHydrate(page, '/submit', /^Submit your music \| /);
    expect(kept, 'the prerendered heading is the one on screen').toBe(true);
    expect(shift).toBeLessThanOrEqual(CLS_GOAL);
    await dismissBetaNotice(page);
    const firstName = page.getByRole('textbox', { name: 'First name' });
    await firstName.fill('Ada');
    await expect(firstName).toHaveValue('Ada');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Required Information Missing' })).toBeVisible();
    await expect(page.getByText('Surname is required')).toBeVisible();
    expectNoProblems(problems);
  });
});
