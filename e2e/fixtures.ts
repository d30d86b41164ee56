import { test as base, expect, type Page } from '@playwright/test';

/**
 * Everything that went wrong while a page was open: console errors, uncaught exceptions, and
 * requests that failed or answered 4xx/5xx.
 */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
}

/**
 * `E2E_NO_API=1` is for running the suite against `vite preview`, which has no API behind it:
 * the app must still render (it assumes submissions are enabled), so failures of /api/ calls
 * are ignored in that mode only.
 */
const ignoreApi = process.env.E2E_NO_API === '1';

function isIgnored(url: string): boolean {
  return ignoreApi && new URL(url, 'http://localhost').pathname.startsWith('/api/');
}

export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], failedRequests: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" messages carry the resource's URL as their location.
    const url = message.location().url;
    if (url && isIgnored(url)) return;
    problems.consoleErrors.push(`${message.text()}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('requestfailed', (request) => {
    if (isIgnored(request.url())) return;
    // ERR_ABORTED is the browser cancelling a request itself: a navigation away from the page
    // (page.goto while a fetch is in flight) or an AbortController. Neither is a failure of the
    // app; a server failure shows up as an HTTP status below, a dead server as another error.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.failedRequests.push(
      `${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`,
    );
  });
  page.on('response', (response) => {
    if (response.status() < 400 || isIgnored(response.url())) return;
    problems.failedRequests.push(
      `${response.request().method()} ${response.url()}: HTTP ${response.status()}`,
    );
  });
  return problems;
}

/** Marks the console errors that `reportCspViolations` writes. */
const cspViolation = /^Content-Security-Policy violation:/;

/**
 * Run in the page before its scripts (`addInitScript`): each `securitypolicyviolation` (an eval, an
 * inline or foreign script or style) becomes a console error the page's problems record, so a spec
 * fails on it even where nothing visible broke. A violation with no source file comes from code
 * Playwright evaluates in the page, not from the app: a screenshot hides the caret with a <style> it
 * writes into every shadow root (the clip picker's waveform has one), which the page's CSP refuses.
 */
export function reportCspViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    if (!event.sourceFile) return;
    console.error(
      `Content-Security-Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
    );
  });
}

export function expectNoProblems(problems: PageProblems): void {
  expect(problems.pageErrors, 'uncaught exceptions').toEqual([]);
  expect(problems.consoleErrors, 'console errors').toEqual([]);
  expect(problems.failedRequests, 'failed requests').toEqual([]);
}

/**
 * React could not take a prerendered page over: main.tsx's `onRecoverableError` says so,
 * and a production build's errors name their code (react.dev/errors/418 and its kind).
 */
const hydrationFailure = /hydrat|react\.dev\/errors\/(?:418|419|422|423|425)\b/i;

export const test = base.extend<{ problems: PageProblems }>({
  // Automatic, and checked after every test whatever else it allows: a page whose markup React had
  // to throw away and render again is a failure, even where the spec does not look at the console.
  problems: [
    async ({ page }, use) => {
      await page.addInitScript(reportCspViolations);
      const problems = watchPage(page);
      await use(problems);
      expect(
        problems.consoleErrors.filter((message) => hydrationFailure.test(message)),
        'hydration failures',
      ).toEqual([]);
      expect(
        problems.consoleErrors.filter((message) => cspViolation.test(message)),
        'Content-Security-Policy violations',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The submission form greets each browser session with the Beta Portal Notice: close it to go on. */
export async function dismissBetaNotice(page: Page): Promise<void> {
  const notice = page.getByRole('dialog', { name: 'Beta Portal Notice' });
  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toBeHidden();
}

/**
 * The route table of spec 001 §2 and spec 000 §2, with the h1 each page shows today and who may
 * see it (`as`): visitors are sent to /login from the others.
 */
export const routeTable: { path: string; heading: string | RegExp; as?: 'artist' | 'staff' }[] = [
  { path: '/', heading: 'Your music deserves a label that listens.' },
  { path: '/submit', heading: 'Submit your music' },
  { path: '/submit/success', heading: 'Thank you for your submission' },
  { path: '/i/sometoken', heading: 'Invalid Invitation' },
  { path: '/r/sometoken', heading: 'Invalid Returning Artist Link' },
  { path: '/admin/board', heading: 'Submissions board', as: 'staff' },
  { path: '/details/some-submission', heading: 'Submission not found', as: 'staff' },
  { path: '/artist/some-artist', heading: 'Artist not found', as: 'staff' },
  { path: '/test-dashboard', heading: 'Integration test dashboard', as: 'staff' },
  { path: '/analytics', heading: 'Analytics', as: 'staff' },
  { path: '/admin/invite', heading: 'Invite an artist', as: 'staff' },
  { path: '/admin/invitations', heading: 'Invitations', as: 'staff' },
  { path: '/admin/waiting-list', heading: 'Waiting list', as: 'staff' },
  { path: '/admin/agreement', heading: 'Artist agreement', as: 'staff' },
  { path: '/admin/templates', heading: 'Decision templates', as: 'staff' },
  { path: '/learn-more', heading: 'How it works' },
  { path: '/about-imprint-', heading: /^About / },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/cookie-policy', heading: 'Cookie Policy' },
  { path: '/data-protection', heading: 'Data Protection' },
  { path: '/login', heading: 'Sign in' },
  { path: '/dashboard', heading: 'Dashboard', as: 'artist' },
  { path: '/edit-profile', heading: 'Edit profile', as: 'artist' },
  { path: '/submission/some-submission', heading: 'Submission not found', as: 'artist' },
  { path: '/release-details/some-submission', heading: 'Submission not found', as: 'artist' },
];
