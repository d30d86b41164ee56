import type { z } from 'zod';
import { isRequiredProvider, type MonitoredProvider } from '../monitoring/system-health';
import type { errorSeveritySchema } from '../schemas/analytics';

export type ErrorSeverity = z.infer<typeof errorSeveritySchema>;

export const ERROR_CATEGORIES = [
  'submission',
  'upload',
  'validation',
  'network',
  'playback',
  'render',
  'runtime',
  'server',
  'job',
  'provider',
  'other',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export interface ErrorClassification {
  category: ErrorCategory;
  severity: ErrorSeverity;
}

/**
 * Words a client's `stage` may contain, per category, checked in this order. The order settles a
 * stage that names two things: 'submission-upload' is a submission that failed while uploading,
 * and a failed submission is what the label must see first.
 */
const CATEGORY_WORDS: readonly (readonly [ErrorCategory, readonly string[]])[] = [
  ['submission', ['submission', 'submit', 'submitting', 'board', 'pipeline']],
  ['upload', ['upload', 'uploading', 'artwork', 'file', 'storage']],
  ['validation', ['validation', 'validate', 'validating', 'form']],
  ['network', ['network', 'connection', 'fetch', 'offline', 'timeout']],
  ['playback', ['playback', 'audio', 'play', 'preview']],
  // The web app's global reporting: a page that failed to render, an uncaught error or rejection.
  ['render', ['render', 'boundary']],
  ['runtime', ['uncaught', 'unhandled', 'rejection', 'runtime']],
];

const SEVERITY_OF: Readonly<Record<ErrorCategory, ErrorSeverity>> = {
  submission: 'CRITICAL',
  upload: 'HIGH',
  network: 'HIGH',
  validation: 'MEDIUM',
  playback: 'LOW',
  render: 'HIGH',
  runtime: 'MEDIUM',
  server: 'HIGH',
  job: 'HIGH',
  provider: 'HIGH',
  other: 'LOW',
};

/** 'trackUpload', 'track_upload' and 'Track Upload' all become ['track', 'upload']. */
function wordsOf(stage: string): string[] {
  return stage
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * How bad a client error report is, from the stage the client says it failed in (spec 001 §3:
 * severities CRITICAL, HIGH, MEDIUM, LOW; the analytics dashboard groups by category):
 * - a failed submission (the artist's whole release did not reach the label) is CRITICAL;
 * - an upload or a network failure (the artist is stuck, but can retry) is HIGH;
 * - a validation failure (the form refused input; usually the artist fixes it) is MEDIUM;
 * - a page that failed to render (the artist sees the error page) is HIGH;
 * - an uncaught error or unhandled rejection (something on the page may not work) is MEDIUM;
 * - anything else, playback included (nothing is lost), is LOW.
 * The category is the first of submission, upload, validation, network, playback, render, runtime whose words
 * appear in the stage, else 'other'; a report without a stage is 'other'.
 */
export function classifyErrorReport(stage: string | undefined): ErrorClassification {
  const words = new Set(wordsOf(stage ?? ''));
  const match = CATEGORY_WORDS.find(([, keys]) => keys.some((key) => words.has(key)));
  const category: ErrorCategory = match ? match[0] : 'other';
  return { category, severity: SEVERITY_OF[category] };
}

/** The server's own 5xx answer: the request failed through no fault of the client. */
export function classifyServerError(): ErrorClassification {
  return { category: 'server', severity: SEVERITY_OF.server };
}

/**
 * A background job that gave up, by its name's area: a lost mail (a sign-in code, a confirmation,
 * a decision) or an unsealed agreement is CRITICAL; media and uploads HIGH (a clip or a variant is
 * missing until re-run); the board mirror MEDIUM (the database is the board; the mirror catches up
 * with the next change); maintenance and monitoring LOW (they run again on schedule).
 */
export function classifyJobFailure(jobName: string): ErrorClassification {
  const area = jobName.split('.')[0] ?? '';
  const severity: ErrorSeverity =
    area === 'mail' || area === 'contracts'
      ? 'CRITICAL'
      : area === 'media' || area === 'uploads'
        ? 'HIGH'
        : area === 'board'
          ? 'MEDIUM'
          : 'LOW';
  return { category: 'job', severity };
}

/**
 * A provider found down: the database or file storage (nothing can be served) is CRITICAL, mail
 * (codes and notices wait) HIGH, the board mirror, signing and the music catalogue MEDIUM.
 */
export function classifyProviderOutage(provider: MonitoredProvider): ErrorClassification {
  const severity: ErrorSeverity = isRequiredProvider(provider)
    ? 'CRITICAL'
    : provider === 'mail'
      ? 'HIGH'
      : 'MEDIUM';
  return { category: 'provider', severity };
}

/** How the dashboard names each category. */
export const ERROR_CATEGORY_LABELS: Readonly<Record<ErrorCategory, string>> = {
  submission: 'Submission',
  upload: 'Upload',
  validation: 'Validation',
  network: 'Network',
  playback: 'Playback',
  render: 'Page render',
  runtime: 'Script error',
  server: 'Server (5xx)',
  job: 'Background job',
  provider: 'Provider outage',
  other: 'Other',
};

/** A stored category's label; a word this version does not know is shown as it is. */
export function errorCategoryLabel(category: string): string {
  return (ERROR_CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}
