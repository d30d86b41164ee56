// The JS and CSS each page needs for its first paint (issue 17), measured by loading the page in
// Chromium over Lighthouse's mobile network, not estimated: every script and stylesheet that had
// fully arrived when the page's first heading was painted, counted raw and as gzip (level 9) and brotli (quality 11) would send them,
// beside the page's HTML (which carries a prerendered page's markup and styles). A page the server
// rendered paints before any script arrives; what it then loads to come alive, every script fetched
// until the network is idle with nobody touching the page (what Lighthouse's blocking time weighs),
// is printed beside it ("JS by idle"). Prints figures; never passes or fails.
//   npm run bench:web                 # builds the app first
//   SKIP_WEB_BUILD=1 npm run bench:web
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { budgetRoutes, chromiumPath, startBuiltApp } from './support/built-app';

/** The issue's budgets for first-paint JS, brotli, in KB. */
const budgetKb: Record<string, number> = { '/': 150, '/submit': 170, '/dashboard': 170 };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const app = await startBuiltApp();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    console.log(`First paint, per route (KB; raw / gzip / brotli). ${app.baseURL}`);
    console.log(
      `${'route'.padEnd(14)} ${'HTML raw'.padStart(8)} ${'HTML br'.padStart(8)}   ${'JS files'.padStart(8)} ${'JS raw'.padStart(8)} ${'JS gzip'.padStart(8)} ${'JS br'.padStart(8)}   ${'CSS raw'.padStart(8)} ${'CSS br'.padStart(8)}   ${'idle n'.padStart(6)} ${'idle br'.padStart(8)}   budget (JS br)`,
    );
    for (const route of budgetRoutes) {
      const context = await browser.newContext({
        baseURL: app.baseURL,
        ...(route.as === 'visitor' ? {} : { storageState: app.storageStates[route.as] }),
      });
      const page = await context.newPage();
      // Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up): what the
      // page fetches only after its heading is on screen then arrives after it, as on a phone,
      // instead of racing it on this machine's loopback.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      const bodies = new Map<string, Promise<{ type: string; url: string; body: Buffer } | null>>();
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
        bodies.set(
          response.url(),
          response
            .body()
            .then((body) => ({ type, url: response.url(), body }))
            .catch(() => null),
        );
      });
      // The moment the first heading is painted, taken in the page: the frame after it entered the
      // document. (A dialog over the page, the submit form's beta notice, hides it from the
      // accessibility tree, not from the screen: the heading is found by tag.)
      await page.addInitScript(() => {
        const state = window as unknown as { __headingPaintedAt?: number };
        const observer = new MutationObserver(() => {
          if (!document.querySelector('h1')) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            state.__headingPaintedAt = performance.now();
          });
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      await page.goto(route.path);
      await page.waitForFunction(
        () => (window as { __headingPaintedAt?: number }).__headingPaintedAt !== undefined,
        null,
        {
          timeout: 60_000,
        },
      );
      // What had fully arrived by then is what the first paint needed; what came later was not.
      const needed = new Set(
        await page.evaluate(() => {
          const paintedAt = (window as unknown as { __headingPaintedAt: number }).__headingPaintedAt;
          return performance
            .getEntriesByType('resource')
            .filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= paintedAt)
            .map((entry) => entry.name);
        }),
      );
      await page.waitForLoadState('networkidle');
      const loaded = (await Promise.all([...bodies.values()])).filter((file) => file?.type === 'script');
      const files = (
        await Promise.all([...bodies].filter(([url]) => needed.has(url)).map(([, body]) => body))
      ).filter((file) => file !== null);
      const html = (await Promise.all([...bodies.values()])).find((file) => file?.type === 'document')?.body;
      const sum = (type: string, size: (body: Buffer) => number) =>
        files.filter((file) => file.type === type).reduce((total, file) => total + size(file.body), 0);
      const raw = (body: Buffer) => body.length;
      const gzip = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;
      const brotli = (body: Buffer) =>
        zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      const jsBr = sum('script', brotli);
      const idleBr = loaded.reduce((total, file) => total + (file ? brotli(file.body) : 0), 0);
      const budget = budgetKb[route.path];
      console.log(
        `${route.path.padEnd(14)} ${kb(html ? raw(html) : 0).padStart(8)} ${kb(html ? brotli(html) : 0).padStart(8)}   ${String(files.filter((file) => file.type === 'script').length).padStart(8)} ${kb(sum('script', raw)).padStart(8)} ${kb(sum('script', gzip)).padStart(8)} ${kb(jsBr).padStart(8)}   ${kb(sum('stylesheet', raw)).padStart(8)} ${kb(sum('stylesheet', brotli)).padStart(8)}   ${String(loaded.length).padStart(6)} ${kb(idleBr).padStart(8)}   ${budget ? `${jsBr / 1024 <= budget ? 'within' : 'OVER'} ${budget}` : ''}`,
      );
      if (process.env.VERBOSE) {
        for (const file of loaded) {
          if (!file) continue;
          console.log(
            `    ${needed.has(file.url) ? 'paint' : 'idle '} ${kb(brotli(file.body)).padStart(7)} ${new URL(file.url).pathname}`,
          );
        }
        for (const file of files.filter((file) => file.type !== 'script')) {
          console.log(
            `    ${file.type.padEnd(10)} ${kb(brotli(file.body)).padStart(7)} ${new URL(file.url).pathname}`,
          );
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
