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
 * The board comes rendered by the server: its rows and search box are on screen before
 * the app has taken them over, and keys or typing before then reach no handler. The app names the
 * page once it has.
 */
export async function hydrated(page: Page) {
  await expect(page).toHaveTitle(/^Submissions board \| /);
}
