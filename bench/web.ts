// What each budgeted page costs a phone on the wire, measured by loading it in Chromium over
// Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down): every same-origin script the
// page loads by network idle with nobody touching it (its JavaScript to interactive), counted as
// brotli (quality 11) would send it, beside the page's HTML, over ROUNDS rounds (min / median /
// max) against the page's goal. Then, on /submit with the CPU slowed 4x as Lighthouse's mobile
// profile does, a tap on Next Step right after the load event: the time from the tap (the event's
// own timestamp) to the frame after step 1's errors are on the page. And the artist's submission
// page, which the browser renders: the time to its heading with its chunks listed in the HTML, and
// in the same round without them.
// Prints figures and writes bench/results/web.md (BENCH_RESULTS=0: not written); never passes or
// fails.
//   npm run bench:web                 # builds the app first
//   SKIP_WEB_BUILD=1 ROUNDS=5 npm run bench:web
//   ROUTES=/,/submit VERBOSE=1 npm run bench:web   # VERBOSE lists each script of the last round
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { onMobileNetwork } from '../e2e/support/layout-shift';
import { type BuiltApp, chosenRoutes, chromiumPath, startBuiltApp, TAP_GOAL_MS } from './support/built-app';
import { benchResults } from './support/results';
import { formatStats, stats } from './support/stats';

const rounds = Math.max(1, Number(process.env.ROUNDS ?? 3));
const verbose = Boolean(process.env.VERBOSE);
const out = benchResults('web', {
  title: 'JavaScript each page loads by network idle, and the first tap on /submit',
  env: ['ROUNDS', 'ROUTES'],
});

const kb = (bytes: number) => bytes / 1024;
const brotli = (body: Buffer) =>
  zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** One load of `path`: the HTML's and the scripts' brotli sizes, with each script's when VERBOSE. */
async function measureLoad(
  browser: Browser,
  app: BuiltApp,
  path: string,
  as: keyof BuiltApp['storageStates'] | 'visitor',
) {
  const context = await browser.newContext({
    baseURL: app.baseURL,
    ...(as === 'visitor' ? {} : { storageState: app.storageStates[as] }),
  });
  try {
    const page = await context.newPage();
    await onMobileNetwork(page);
    const origin = new URL(app.baseURL).origin;
    const bodies: Promise<{ type: string; url: string; body: Buffer } | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if ((type !== 'script' && type !== 'document') || new URL(response.url()).origin !== origin) return;
      bodies.push(
        response
          .body()
          .then((body) => ({ type, url: response.url(), body }))
          .catch(() => null),
      );
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(bodies)).filter((file) => file !== null);
    const scripts = files
      .filter((file) => file.type === 'script')
      .map((file) => ({ path: new URL(file.url).pathname, br: brotli(file.body) }));
    const html = files.find((file) => file.type === 'document');
    return {
      htmlBr: html ? brotli(html.body) : 0,
      jsBr: scripts.reduce((total, file) => total + file.br, 0),
      scripts,
    };
  } finally {
    await context.close();
  }
}

/** A tap on Next Step right after /submit's load event, CPU 4x slower: ms from the tap to the answer's frame. */
async function measureFirstTap(browser: Browser, app: BuiltApp): Promise<number> {
  const context = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      // The beta notice was dismissed earlier in the session: nothing covers the form.
      window.sessionStorage.setItem('imprint.betaNoticeDismissed', '1');
      const state = window as unknown as { __tapAt?: number; __answeredAt?: number };
      window.addEventListener(
        'pointerdown',
        (event) => {
          state.__tapAt ??= event.timeStamp;
        },
        { capture: true },
      );
      // The answer is step 1's banner: the page script's early one, which waits hidden in the markup
      // until the script names it on <html>, or the app's. Told apart without a layout, which would
      // add to the time measured.
      const observer = new MutationObserver(() => {
        const early = document.documentElement.hasAttribute('data-early-answer');
        const app = [...document.querySelectorAll('[role="alert"]')].some(
          (element) =>
            element.textContent?.includes('Required Information Missing') &&
            !element.closest('[data-early-banner]'),
        );
        if (!(early || app) || state.__tapAt === undefined) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          state.__answeredAt = performance.now();
        });
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/submit', { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Next Step' }).click({ noWaitAfter: true });
    await page.waitForFunction(() => (window as { __answeredAt?: number }).__answeredAt !== undefined, null, {
      timeout: 60_000,
    });
    return page.evaluate(() => {
      const state = window as unknown as { __tapAt: number; __answeredAt: number };
      return state.__answeredAt - state.__tapAt;
    });
  } finally {
    await context.close();
  }
}

/**
 * The demo artist's newest submission, a page the server sends unrendered, on the mobile network:
 * ms from the navigation to its heading. `withoutPreloads` takes the page's chunk preloads out of
 * its HTML (routes/page-preloads.ts), leaving the template's own: the browser then finds the
 * page's chunks one import at a time.
 */
async function measureBrowserRenderedPage(browser: Browser, app: BuiltApp, withoutPreloads: boolean) {
  const context = await browser.newContext({
    baseURL: app.baseURL,
    storageState: app.storageStates.artist,
    viewport: { width: 390, height: 844 },
  });
  try {
    const list = (await (await context.request.get('/api/profile/submissions')).json()) as {
      submissions: { itemId: string }[];
    };
    const path = `/submission/${list.submissions[0]?.itemId}`;
    const page = await context.newPage();
    await onMobileNetwork(page);
    if (withoutPreloads) {
      const template = readFileSync(new URL('../dist/web/index.html', import.meta.url), 'utf8');
      await page.route(path, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g,
          (link, href: string) => (template.includes(`href="${href}"`) ? link : ''),
        );
        await route.fulfill({ response, body: html });
      });
    }
    const started = Date.now();
    await page.goto(path);
    await page.locator('h1').first().waitFor({ timeout: 60_000 });
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

async function main() {
  const routes = chosenRoutes();
  const app = await startBuiltApp();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const html = new Map<string, number[]>();
    const js = new Map<string, number[]>();
    const taps: number[] = [];
    const opened = { listed: [] as number[], found: [] as number[] };
    let last = new Map<string, { path: string; br: number }[]>();
    // Alternating rounds: every page once per round, so a noisy minute touches them all alike.
    for (let round = 0; round < rounds; round++) {
      last = new Map();
      for (const route of routes) {
        const load = await measureLoad(browser, app, route.path, route.as);
        html.set(route.path, [...(html.get(route.path) ?? []), kb(load.htmlBr)]);
        js.set(route.path, [...(js.get(route.path) ?? []), kb(load.jsBr)]);
        last.set(route.path, load.scripts);
      }
      if (routes.some((route) => route.path === '/submit')) taps.push(await measureFirstTap(browser, app));
      if (routes.some((route) => route.path === '/dashboard')) {
        opened.listed.push(await measureBrowserRenderedPage(browser, app, false));
        opened.found.push(await measureBrowserRenderedPage(browser, app, true));
      }
    }

    out.log(
      `JavaScript to interactive per page, brotli KB (min / median / max of ${rounds} rounds). ${app.baseURL}`,
    );
    out.log('');
    out.log('| page | HTML (br) | JS by network idle (br) | scripts | goal | |');
    out.log('|---|---|---|---|---|---|');
    for (const route of routes) {
      const jsKb = js.get(route.path) ?? [];
      const met = stats(jsKb).median <= route.jsKb;
      out.log(
        `| ${route.path} | ${formatStats(html.get(route.path) ?? [], 1)} | ${formatStats(jsKb, 1)} | ${last.get(route.path)?.length ?? 0} | ≤ ${route.jsKb} | ${met ? 'met' : 'not met'} |`,
      );
    }
    if (taps.length > 0) {
      const met = stats(taps).median <= TAP_GOAL_MS;
      out.log('');
      out.log(
        `/submit, CPU 4x slower, Next Step tapped right after load: ${formatStats(taps, 0)} ms from the tap to step 1's errors on screen (goal ≤ ${TAP_GOAL_MS} ms: ${met ? 'met' : 'not met'})`,
      );
    }
    if (opened.listed.length > 0) {
      const ratio = opened.listed.map((ms, index) => ms / (opened.found[index] ?? ms));
      out.log('');
      out.log(
        `An artist's submission page, which the browser renders, on the same network: its heading after ${formatStats(opened.listed, 0)} ms with its chunks listed in the HTML; ${formatStats(opened.found, 0)} ms with them found one import at a time (ratio ${formatStats(ratio, 2)})`,
      );
    }
    if (verbose) {
      for (const [path, scripts] of last) {
        out.log('');
        out.log(`${path}, each script of the last round (brotli KB):`);
        for (const script of [...scripts].sort((a, b) => b.br - a.br)) {
          out.log(`  ${kb(script.br).toFixed(1).padStart(7)}  ${script.path}`);
        }
      }
    }
    out.write();
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
