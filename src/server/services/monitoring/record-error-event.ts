import {
  classifyJobFailure,
  classifyProviderOutage,
  classifyServerError,
  type ErrorClassification,
  type MonitoredProvider,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { errorReports } from '../../db/schema';

/** Bounds of what one event keeps: enough to act on, not a copy of a request. */
const MESSAGE_MAX = 2_000;
const STACK_MAX = 20_000;
const URL_MAX = 2_000;

export interface ErrorEventInput extends ErrorClassification {
  source: 'client' | 'server' | 'job' | 'provider';
  message: string;
  stack?: string | null | undefined;
  stage?: string | null | undefined;
  url?: string | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
}

/**
 * Stores one error event for the analytics dashboard. Client reports go through
 * record-error-report.ts (validated, rate-limited); the server's 5xx answers, failed jobs and
 * provider outages come here directly.
 */
export async function recordErrorEvent(executor: Executor, event: ErrorEventInput): Promise<void> {
  await executor.insert(errorReports).values({
    source: event.source,
    message: event.message.slice(0, MESSAGE_MAX),
    stack: event.stack?.slice(0, STACK_MAX) ?? null,
    stage: event.stage ?? null,
    severity: event.severity,
    category: event.category,
    url: event.url?.slice(0, URL_MAX) ?? null,
    metadata: event.metadata ?? null,
  });
}

/**
 * An error in words fit for the dashboard: its name and message, and its cause's (a failed query
 * says which statement failed, its cause why). A failed query's parameters (personal data, token
 * hashes) are cut off.
 */
function describeError(error: Error): string {
  const words = (value: Error) => value.message.split('\nparams:')[0]?.trim() ?? '';
  const cause = error.cause instanceof Error ? `: ${error.cause.name}: ${words(error.cause)}` : '';
  return `${error.name}: ${words(error)}${cause}`;
}

/** The server answered 5xx: the route, the method, the status and the error's own words. */
export function recordServerError(
  executor: Executor,
  input: { method: string; url: string; route: string | undefined; statusCode: number; error: unknown },
): Promise<void> {
  const error = input.error instanceof Error ? input.error : new Error(String(input.error));
  return recordErrorEvent(executor, {
    source: 'server',
    ...classifyServerError(),
    message: `${input.method} ${input.route ?? input.url} answered ${input.statusCode}: ${describeError(error)}`,
    // The frames only: the stack's first lines repeat the message, parameters and all.
    stack: [
      describeError(error),
      ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)),
    ].join('\n'),
    stage: 'server',
    url: input.url,
    metadata: { method: input.method, route: input.route ?? null, statusCode: input.statusCode },
  });
}

/** A background job gave up: its name, attempts and last error are what staff need. */
export function recordJobFailure(
  executor: Executor,
  input: { jobId: number; jobName: string; attempts: number; lastError: string },
): Promise<void> {
  return recordErrorEvent(executor, {
    source: 'job',
    ...classifyJobFailure(input.jobName),
    message: `Job ${input.jobName} failed after ${input.attempts} attempt${input.attempts === 1 ? '' : 's'}: ${input.lastError}`,
    stage: input.jobName,
    metadata: { jobId: input.jobId, jobName: input.jobName, attempts: input.attempts },
  });
}

/** A provider was found down (written once per outage, when it begins). */
export function recordProviderOutage(
  executor: Executor,
  input: { provider: MonitoredProvider; implementation: string; message: string },
): Promise<void> {
  return recordErrorEvent(executor, {
    source: 'provider',
    ...classifyProviderOutage(input.provider),
    message: `${input.implementation} (${input.provider}) is down: ${input.message}`,
    stage: input.provider,
    metadata: { provider: input.provider, implementation: input.implementation },
  });
}
