import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { openStaffApi, openStaffPage, signInThroughApi } from './accounts';
import { type ApiSubmission, createSubmissionThroughApi } from './board';

/** What the board's triage specs share: a run's submissions, staff's page and API. */

/** One artist (signed in on `page.request`) with three submissions named after the run. */
export async function threeSubmissions(
  page: Page,
  baseURL: string,
  run: string,
  names: (name: string) => { artistName: string; releaseTitle: string } = (name) => ({
    artistName: `Triage ${run} ${name}`,
    releaseTitle: `${name} Waves ${run}`,
  }),
): Promise<[ApiSubmission, ApiSubmission, ApiSubmission]> {
  await signInThroughApi(page.request, baseURL, `triage.${run}@example.com`);
  const made: ApiSubmission[] = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie']) {
    made.push(await createSubmissionThroughApi(page.request, baseURL, names(name)));
  }
  return made as [ApiSubmission, ApiSubmission, ApiSubmission];
}

/** A staff page in a context of its own, watched for problems. */
export function staffPage(browser: Browser, viewport = { width: 1440, height: 900 }) {
  return openStaffPage(browser, { viewport, reportCsp: false });
}

/** Staff make a decision template through `staff`, their API. */
export async function createTemplate(
  staff: APIRequestContext,
  baseURL: string,
  template: { kind: string; name: string; body: string },
): Promise<void> {
  const response = await staff.post('/api/decision-templates', {
    data: template,
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Staff's API (a request context with the staff session) with a decision template made in it. */
export async function staffApiWithTemplate(
  baseURL: string,
  template: { kind: string; name: string; body: string },
): Promise<APIRequestContext> {
  const staff = await openStaffApi(baseURL);
  await createTemplate(staff, baseURL, template);
  return staff;
}

/**
 * The board comes rendered by the server, title included: its rows and search box are on screen
 * before the app has taken them over, and keys or typing before then reach no handler. React marks
 * each element it takes over (its props on the node); the page's own effects (the keyboard
 * shortcuts) run right after that commit, which a frame and a task more leave behind.
 */
export async function hydrated(page: Page) {
  await expect(page).toHaveTitle(/^Submissions board \| /);
  await page.waitForFunction(() => {
    const taken = (element: Element | null) =>
      element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
    // The search box, and the list's first submission when there is one (they hydrate apart).
    const row = document.querySelector('[data-item-id]');
    return taken(document.querySelector('input[type="search"]')) && (row === null || taken(row));
  });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}
