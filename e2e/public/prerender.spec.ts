import { dismissBetaNotice, expect, expectNoProblems, test } from '../fixtures';
import { storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { CLS_GOAL, layoutShift, layoutShiftSoFar } from '../support/layout-shift';

// The public pages come as HTML that shows before any script runs, title included (the server
// prerenders them, src/server/routes/prerendered-pages.ts). On /submit the app then takes that
// markup over (hydration) instead of rendering it again; the pages a visitor only reads come with
// the small static-page.ts instead of the app.

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
      // The page's own code comes listed with it, so that it loads with the app's, not after it.
      const page = await (await artist.get('/edit-profile')).text();
      expect(page).toMatch(
        /<link rel="modulepreload" crossorigin href="\/assets\/edit-profile-page-[\w-]{8}\.js">/,
      );
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
   * in the HTML; answers whether that very element is still the one on screen once `ready` holds.
   */
  async function openKeepingHeading(
    page: import('@playwright/test').Page,
    path: string,
    ready: (page: import('@playwright/test').Page) => Promise<unknown>,
  ) {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading =
          document.querySelector('h1');
      });
    });
    const shift = await layoutShift(page, path);
    await ready(page);
    const kept = await page.evaluate(() => {
      const heading = (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading;
      return heading?.isConnected === true && heading === document.querySelector('h1');
    });
    return { shift: Math.max(shift, await layoutShiftSoFar(page)), kept };
  }

  test('/ comes without the app, and its menu opens and leads on', async ({ page, problems }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const { shift, kept } = await openKeepingHeading(page, '/', (p) =>
      expect(p).toHaveTitle(/\| Submit your music$/),
    );
    expect(kept, 'the prerendered heading is the one on screen').toBe(true);
    expect(shift).toBeLessThanOrEqual(CLS_GOAL);
    expect(scripts.some((path) => /\/assets\/static-page-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/(index|home-page)-[\w-]+\.js$/.test(path))).toEqual([]);

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Learn More' })).toBeVisible();
    // While the drawer is open the page behind it is hidden from assistive technology (a modal).
    const button = page.locator('button[aria-controls="site-navigation-drawer"]');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL(/\/learn-more$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
    expectNoProblems(problems);
  });

  test('/faq comes without the app, and an answer opens', async ({ page, problems }) => {
    const { shift, kept } = await openKeepingHeading(page, '/faq', (p) => expect(p).toHaveTitle(/^FAQ \| /));
    expect(kept, 'the prerendered heading is the one on screen').toBe(true);
    expect(shift).toBeLessThanOrEqual(CLS_GOAL);
    const answer = page.getByText('Independent artists and bands aged 16 or over');
    await expect(answer).toBeHidden();
    await page.getByText('Who can submit music?').click();
    await expect(answer).toBeVisible();
    // The keyboard opens and closes it too.
    await page.keyboard.press('Enter');
    await expect(answer).toBeHidden();
    expectNoProblems(problems);
  });

  test('/submit is taken over without a shift, and its form checks what is missing', async ({
    page,
    problems,
  }) => {
    // The form is marked live once the app has taken it over (useEarlySubmit).
    const { shift, kept } = await openKeepingHeading(page, '/submit', (p) =>
      p.locator('form[data-live]').waitFor(),
    );
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
