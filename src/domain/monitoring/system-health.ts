/**
 * The system's health as the label sees it: the providers Imprint depends on, which of
 * them it cannot serve without, and how the dashboard's status and issues follow from what is
 * stored.
 */

export const MONITORED_PROVIDERS = ['database', 'storage', 'mail', 'board', 'signing', 'catalogue'] as const;
export type MonitoredProvider = (typeof MONITORED_PROVIDERS)[number];

/**
 * Without these Imprint cannot serve at all: /api/health answers 503 and the system is unhealthy.
 * Any other provider down leaves it degraded: mail waits in the queue, the board mirror catches up,
 * and the form still takes submissions.
 */
export const REQUIRED_PROVIDERS: readonly MonitoredProvider[] = ['database', 'storage'];

export function isRequiredProvider(provider: MonitoredProvider): boolean {
  return REQUIRED_PROVIDERS.includes(provider);
}

export const PROVIDER_LABELS: Readonly<Record<MonitoredProvider, string>> = {
  database: 'Database',
  storage: 'File storage',
  mail: 'Mail',
  board: 'Board',
  signing: 'Signing',
  catalogue: 'Music catalogue',
};

export type ProviderCheckStatus = 'ok' | 'fail';
export type HealthStatus = 'ok' | 'degraded' | 'fail';
export type SystemStatus = 'healthy' | 'degraded' | 'unhealthy';

/** /api/health's status: fail when a required provider fails, degraded when another one does. */
export function healthStatusOf(
  checks: Partial<Record<MonitoredProvider, { status: ProviderCheckStatus }>>,
): HealthStatus {
  let status: HealthStatus = 'ok';
  for (const provider of MONITORED_PROVIDERS) {
    if (checks[provider]?.status !== 'fail') continue;
    if (isRequiredProvider(provider)) return 'fail';
    status = 'degraded';
  }
  return status;
}

/** The issue line of a provider that is down. */
export function providerIssue(provider: MonitoredProvider, message: string | null | undefined): string {
  const label = PROVIDER_LABELS[provider];
  return message ? `${label} is down: ${message}` : `${label} is down`;
}

/** The provider check runs every minute; a state older than this is not news but a stopped check. */
export const PROVIDER_STATUS_STALE_MS = 5 * 60_000;

export interface StoredProviderStatus {
  provider: MonitoredProvider;
  status: ProviderCheckStatus;
  message: string | null;
  checkedAt: Date;
}

export interface RecentProblems {
  /** Error events of severity CRITICAL in the last hour (a failed submission, a lost mail). */
  criticalErrors: number;
  /** The server's own 5xx answers in the last hour. */
  serverErrors: number;
  /** Background jobs that gave up in the last hour. */
  failedJobs: number;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Mail in the job queue, as the health endpoint and the staff dashboard show it. */
export interface MailQueueState {
  /** Mails not yet sent: due, being sent, or waiting for their next attempt. */
  waiting: number;
  oldestWaitingSeconds: number | null;
  /** Mails given up (after a day of retries) in the last MAIL_GIVEN_UP_WINDOW_HOURS. */
  givenUp: number;
  /** The newest error of a waiting or given-up mail: the mail server's words, for staff. */
  lastError: string | null;
}

export const MAIL_GIVEN_UP_WINDOW_HOURS = 24;
/** A mail normally leaves within seconds; one waiting this long means the mail server is not taking it. */
export const MAIL_WAIT_ISSUE_SECONDS = 5 * 60;

function formatWait(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes < 120
    ? plural(minutes, 'minute', 'minutes')
    : plural(Math.floor(minutes / 60), 'hour', 'hours');
}

/** The staff dashboard's lines about mail that waits too long or was given up. */
export function mailQueueIssues(state: MailQueueState): string[] {
  const lastError = state.lastError ? `. Last error: ${state.lastError}` : '';
  const issues: string[] = [];
  if (state.waiting > 0 && (state.oldestWaitingSeconds ?? 0) >= MAIL_WAIT_ISSUE_SECONDS) {
    issues.push(
      `${plural(state.waiting, 'mail', 'mails')} waiting to be sent, the oldest for ${formatWait(state.oldestWaitingSeconds ?? 0)}${lastError}`,
    );
  }
  if (state.givenUp > 0) {
    issues.push(
      `${plural(state.givenUp, 'mail', 'mails')} could not be sent in the last ${MAIL_GIVEN_UP_WINDOW_HOURS} hours (given up after a day of retries)${lastError}`,
    );
  }
  return issues;
}

/**
 * The dashboard's system status: unhealthy while a required provider is down; degraded while any
 * other provider is down, the provider checks have stopped, the last hour saw critical errors,
 * server errors or failed jobs, or mail waits too long or was given up; healthy otherwise. Each
 * reason is one line of `issues`.
 */
export function assessSystemHealth(input: {
  providers: readonly StoredProviderStatus[];
  recent: RecentProblems;
  now: Date;
  mailQueue?: MailQueueState;
}): { status: SystemStatus; issues: string[] } {
  const issues: string[] = [];
  let unhealthy = false;
  let degraded = false;
  for (const row of input.providers) {
    if (row.status !== 'fail') continue;
    issues.push(providerIssue(row.provider, row.message));
    if (isRequiredProvider(row.provider)) unhealthy = true;
    else degraded = true;
  }
  const newest = Math.max(0, ...input.providers.map((row) => row.checkedAt.getTime()));
  if (input.providers.length === 0 || input.now.getTime() - newest > PROVIDER_STATUS_STALE_MS) {
    degraded = true;
    issues.push(
      input.providers.length === 0
        ? 'The providers have not been checked yet (is JOBS_ENABLED off?)'
        : `The providers were last checked ${Math.round((input.now.getTime() - newest) / 60_000)} minutes ago (is JOBS_ENABLED off?)`,
    );
  }
  const { criticalErrors, serverErrors, failedJobs } = input.recent;
  if (criticalErrors > 0) {
    degraded = true;
    issues.push(`${plural(criticalErrors, 'critical error', 'critical errors')} in the last hour`);
  }
  if (serverErrors > 0) {
    degraded = true;
    issues.push(`${plural(serverErrors, 'server error', 'server errors')} (5xx) in the last hour`);
  }
  if (failedJobs > 0) {
    degraded = true;
    issues.push(`${plural(failedJobs, 'background job', 'background jobs')} failed in the last hour`);
  }
  const mailIssues = input.mailQueue ? mailQueueIssues(input.mailQueue) : [];
  if (mailIssues.length > 0) {
    degraded = true;
    issues.push(...mailIssues);
  }
  return { status: unhealthy ? 'unhealthy' : degraded ? 'degraded' : 'healthy', issues };
}
