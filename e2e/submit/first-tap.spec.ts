import { expect, expectNoProblems, test } from '../fixtures';

/**
 * An artist on a mid-range phone taps Next Step as soon as the page has loaded, while its code is
 * still taking the prerendered form over. The tap must not be lost (nor reload the page): the
 * step's field errors show. The CPU is slowed 4× through CDP, as Lighthouse's mobile profile does;
 * how long the answer takes is measured by `npm run bench:web`, not asserted here.
 */
test('a tap on Next Step right after load, on a slow phone, shows the field errors', async ({
  page,
  problems,
}) => {
  // The beta notice was dismissed earlier in this browser session: nothing covers the form. Each
  // document the tab loads is counted, so a reload by the browser's own form submission shows.
  await page.addInitScript(() => {
    window.sessionStorage.setItem('imprint.betaNoticeDismissed', '1');
    const loads = Number(window.sessionStorage.getItem('e2e.documents') ?? 0);
    window.sessionStorage.setItem('e2e.documents', String(loads + 1));
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  await page.goto('/submit', { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Next Step' }).click({ noWaitAfter: true });

  const banner = page.getByRole('alert').filter({ hasText: 'Required Information Missing' });
  await expect(banner).toContainText('Please fill in all required fields: Artist Name, Country, and City');
  await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  // The tap was the app's: no native form submission reloaded the page.
  expect(await page.evaluate(() => window.sessionStorage.getItem('e2e.documents'))).toBe('1');
  expect(new URL(page.url()).search).toBe('');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expectNoProblems(problems);
});
