import type { Browser, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, watchPage } from '../fixtures';
import { signInThroughApi, storageStatePath } from './accounts';
import { type ApiSubmission, createSubmissionThroughApi } from './board';

/** What the board's triage specs share (issue 20 §5): a run's submissions, staff's page and API. */

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
export async function staffPage(browser: Browser, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ storageState: storageStatePath('staff'), viewport });
  const page = await context.newPage();
  return { page, problems: watchPage(page), close: () => context.close() };
}

/** Staff's API (a request context with the staff session) with a decision template made in it. */
export async function staffApiWithTemplate(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  template: { kind: string; name: string; body: string },
) {
  const staffApi = await playwright.request.newContext({ baseURL, storageState: storageStatePath('staff') });
  const response = await staffApi.post('/api/decision-templates', {
    data: template,
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return staffApi;
}

/**
 * The board comes rendered by the server (issue 17): its rows and search box are on screen before
 * the app has taken them over, and keys or typing before then reach no handler. The app names the
 * page once it has.
 */
export async function hydrated(page: Page) {
  await expect(page).toHaveTitle(/^Submissions board \| /);
}
