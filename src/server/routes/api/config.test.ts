import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  formatLongDate,
  getIsoDateOfInstant,
  REOPEN_DATE_IN_PAST,
  REOPEN_DATE_INVALID,
  REOPEN_DATE_WHILE_OPEN,
  siteConfigResponseSchema,
} from '../../../domain';
import { setSetting } from '../../services/settings/app-settings';
import { type SignedIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * What the public pages say about submissions, from `GET /api/config`'s site config: the response
 * promise with its record on `/submit`, prerendered by the web app's own server entry (the source,
 * loaded through Vitest, where the build would be dist/web-server), and the day submissions
 * reopen on the waiting-list page, which staff set through `POST /api/config/set`.
 */

let ctx: TestContext;
let buildRoot: string;
let staff: SignedIn;
const today = () => getIsoDateOfInstant(new Date(), 'UTC');

beforeAll(async () => {
  buildRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-web-'));
  const webRoot = path.join(buildRoot, 'web');
  await fs.mkdir(path.join(webRoot, 'assets'), { recursive: true });
  await fs.mkdir(path.join(buildRoot, 'web-server'));
  await fs.writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><!--imprint-head--></head><body><div id="root"></div></body></html>',
  );
  const entry = path.resolve(import.meta.dirname, '../../../web/entry-server.tsx');
  await fs.writeFile(
    path.join(buildRoot, 'web-server', 'entry-server.js'),
    `export * from ${JSON.stringify(entry)};`,
  );
  ctx = await createTestContext({ webRoot, env: { LABEL_TIME_ZONE: 'UTC' } });
  staff = await signInStaff(ctx.app, ctx.database.db, 'doors@label.example');
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await fs.rm(buildRoot, { recursive: true, force: true });
});

/** `/submit` as a visitor gets it: the prerendered markup inside `<div id="root">`. */
async function submitPage(): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: '/submit' });
  expect(response.statusCode).toBe(200);
  const root = response.body.match(/<div id="root">(.*)<\/div><\/body>/s)?.[1];
  if (!root) throw new Error('/submit was not prerendered');
  return root;
}

async function siteConfig() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
  expect(response.statusCode, response.body).toBe(200);
  return siteConfigResponseSchema.parse(response.json());
}

function setMode(body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/config/set', headers: staff.headers, payload: body });
}

describe('the response promise on /submit', () => {
  it('is in the prerendered HTML, with the record once the job stored one for this promise', async () => {
    expect(await submitPage()).toContain('We answer every submission within 10 days.');
    expect(await submitPage()).not.toContain('Over the last 90 days');

    const record = { windowDays: 90, decisions: 48, onTimePercent: 94, medianDays: 6 };
    await setSetting(ctx.database.db, 'responsePromiseRecord', {
      computedAt: new Date().toISOString(),
      promiseDays: 10,
      ...record,
    });
    expect((await siteConfig()).responsePromise).toEqual({ days: 10, record });
    // The page kept from the first render is rendered again with the new figures.
    expect(await submitPage()).toContain(
      'We answer every submission within 10 days. Over the last 90 days we answered 94% of submissions on time, in a median of 6 days.',
    );

    // Figures judged against another promise are not shown beside the new one.
    await setSetting(ctx.database.db, 'responsePromiseDays', 7);
    const page = await submitPage();
    expect(page).toContain('We answer every submission within 7 days.');
    expect(page).not.toContain('Over the last 90 days');
    await setSetting(ctx.database.db, 'responsePromiseDays', 10);
  });
});

describe('the day submissions reopen', () => {
  it('is set by staff while closing, shown on the waiting-list page, and cleared by opening', async () => {
    const day = addDays(today(), 14);
    const closed = await setMode({ submissionsEnabled: false, reopensOn: day });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ success: true, submissionsEnabled: false, reopensOn: day });
    expect(await siteConfig()).toMatchObject({ submissionsEnabled: false, reopensOn: day });
    const page = await submitPage();
    expect(page).toContain(`Submissions reopen on ${formatLongDate(day)}.`);
    // The promise is about submissions: the waiting list does not make it.
    expect(page).not.toContain('We answer every submission');

    // The header's switch leaves the day as it is.
    expect((await setMode({ submissionsEnabled: false })).json()).toMatchObject({ reopensOn: day });
    // null clears it.
    expect((await setMode({ submissionsEnabled: false, reopensOn: null })).json()).toMatchObject({
      reopensOn: null,
    });
    expect(await submitPage()).not.toContain('Submissions reopen on');

    await setMode({ submissionsEnabled: false, reopensOn: day });
    const opened = await setMode({ submissionsEnabled: true });
    expect(opened.json()).toEqual({ success: true, submissionsEnabled: true, reopensOn: null });
    await setMode({ submissionsEnabled: false });
    expect((await siteConfig()).reopensOn).toBeNull();
  });

  it.each([
    { name: 'a day already past', reopensOn: () => addDays(today(), -1), error: REOPEN_DATE_IN_PAST },
    { name: 'a day that does not exist', reopensOn: () => '2027-02-30', error: REOPEN_DATE_INVALID },
    { name: 'not a date', reopensOn: () => 'next Tuesday', error: REOPEN_DATE_INVALID },
    { name: 'a number', reopensOn: () => 20270101, error: REOPEN_DATE_INVALID },
  ])('refuses $name in words', async ({ reopensOn, error }) => {
    const response = await setMode({ submissionsEnabled: false, reopensOn: reopensOn() });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error });
  });

  it('refuses a day given while opening, and is never shown once passed', async () => {
    const response = await setMode({ submissionsEnabled: true, reopensOn: addDays(today(), 3) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: REOPEN_DATE_WHILE_OPEN });

    await setMode({ submissionsEnabled: false });
    // Set before it passed: today is still shown, yesterday no longer.
    await setSetting(ctx.database.db, 'submissionsReopenOn', today());
    expect((await siteConfig()).reopensOn).toBe(today());
    await setSetting(ctx.database.db, 'submissionsReopenOn', addDays(today(), -1));
    expect((await siteConfig()).reopensOn).toBeNull();
    await setMode({ submissionsEnabled: true });
  });

  it('is staff’s to set', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/config/set',
      headers: { origin: ctx.config.publicUrl },
      payload: { submissionsEnabled: false, reopensOn: addDays(today(), 3) },
    });
    expect(response.statusCode).toBe(401);
    expect((await siteConfig()).submissionsEnabled).toBe(true);
  });
});
