import { type APIRequestContext, type Browser, request } from '@playwright/test';
import { reportCspViolations, watchPage } from '../fixtures';
import { readSignInMail } from './mail';

/** The demo accounts the server seeds (src/server/seed/seed-demo-data.ts). */
export const demoArtist = 'artist@imprint.example';
export const demoStaff = 'staff@imprint.example';

export const storageStatePath = (who: 'artist' | 'staff') => `playwright/.auth/${who}.json`;

/** An empty storage state: a context signed in as no one. */
export const signedOut = { cookies: [], origins: [] };

/** Staff's API: a request context with the staff session, sending `headers` with every call. */
export function openStaffApi(baseURL: string, headers?: Record<string, string>): Promise<APIRequestContext> {
  return request.newContext({
    baseURL,
    storageState: storageStatePath('staff'),
    ...(headers && { extraHTTPHeaders: headers }),
  });
}

/**
 * A staff member's page in a browser context of its own, watched for problems; `close` ends the
 * context. `viewport` replaces the project's; `reportCsp: false` leaves out the report of the
 * page's Content-Security-Policy violations among its problems.
 */
export async function openStaffPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; reportCsp?: boolean } = {},
) {
  const context = await browser.newContext({
    storageState: storageStatePath('staff'),
    ...(options.viewport && { viewport: options.viewport }),
  });
  if (options.reportCsp !== false) await context.addInitScript(reportCspViolations);
  const page = await context.newPage();
  return { page, problems: watchPage(page), close: () => context.close() };
}

const randomOctet = () => 1 + Math.floor(Math.random() * 254);

/**
 * Signs in through the real e-mail flow, from the API side: request the e-mail, take the link's
 * token from the outbox, and verify it. The request context then holds the session cookie.
 */
export async function signInThroughApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<void> {
  const since = Date.now() - 1000;
  // Each API sign-in from an address of its own (the e2e server trusts X-Forwarded-For): the
  // suite signs in more often than the per-network limit allows one address, which the server
  // tests check at its default.
  const from = { 'x-forwarded-for': `10.${randomOctet()}.${randomOctet()}.${randomOctet()}` };
  const asked = await request.post('/api/auth/sign-in', {
    data: { email },
    headers: { origin: baseURL, ...from },
  });
  if (!asked.ok()) throw new Error(`sign-in request failed: ${asked.status()} ${await asked.text()}`);
  const mail = await readSignInMail(email, since);
  const token = new URL(mail.link).hash.replace('#token=', '');
  const verified = await request.post('/api/auth/verify-link', {
    data: { token },
    headers: { origin: baseURL, ...from },
  });
  if (!verified.ok()) throw new Error(`verify-link failed: ${verified.status()} ${await verified.text()}`);
}
