import { type APIRequestContext, expect, test } from '@playwright/test';
import { storageStatePath } from '../support/accounts';

// What the browser downloads is compressed, the app is split by route, and compression
// never touches audio or its byte ranges.

test('the entry script comes compressed, with Vary: Accept-Encoding', async ({ page }) => {
  const entry = page.waitForResponse(
    (response) =>
      /\/assets\/index-[\w-]+\.js$/.test(response.url()) && response.request().resourceType() === 'script',
  );
  // A page of the app (the public pages a visitor only reads come without it: static-page.ts).
  await page.goto('/login');
  const response = await entry;
  const headers = await response.allHeaders();
  expect(['br', 'gzip']).toContain(headers['content-encoding']);
  expect(headers.vary?.toLowerCase()).toContain('accept-encoding');
  // Hashed: cached for a year.
  expect(headers['cache-control']).toContain('immutable');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a lazy route fetches its own chunk only when it is opened', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const faqChunk = (path: string) => /\/assets\/faq-page-[\w-]+\.js$/.test(path);
  expect(scripts.filter(faqChunk)).toEqual([]);

  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  // The FAQ's own heading: the sign-in page's stays on screen while the chunk loads (a transition).
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  expect(scripts.filter(faqChunk)).toHaveLength(1);
});

/** Every string in a JSON answer that is a link to an uploaded file. */
function fileLinks(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string' && value.includes('/files/')) found.push(value);
  else if (Array.isArray(value)) for (const item of value) fileLinks(item, found);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) fileLinks(item, found);
  return found;
}

async function demoWavLink(staff: APIRequestContext): Promise<string> {
  const list = await staff.get('/api/board/items');
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { itemId: string }[] };
  for (const item of items) {
    const details = await staff.get(`/api/board/items/${item.itemId}`);
    if (!details.ok()) continue;
    for (const link of fileLinks(await details.json())) {
      const head = await staff.get(link, { headers: { range: 'bytes=0-3' } });
      if (head.headers()['content-type']?.startsWith('audio/')) return link;
    }
  }
  throw new Error('the demo data has no submission with a WAV track');
}

test.describe('audio', () => {
  test.use({ storageState: storageStatePath('staff') });

  test('a WAV Range request still answers 206 with the right bytes, never compressed', async ({
    request,
  }) => {
    const link = await demoWavLink(request);
    const full = await request.get(link, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(full.status()).toBe(200);
    expect(full.headers()['content-encoding']).toBeUndefined();
    const bytes = await full.body();
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');

    const start = 1000;
    const end = 1999;
    const part = await request.get(link, {
      headers: { range: `bytes=${start}-${end}`, 'accept-encoding': 'br, gzip' },
    });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(part.headers()['content-encoding']).toBeUndefined();
    expect(Buffer.compare(await part.body(), bytes.subarray(start, end + 1))).toBe(0);
  });
});
