import { classifyErrorReport, type ErrorClassification, type ErrorReportPayload } from '../../../domain';
import type { Database } from '../../db/client';
import { errorReports } from '../../db/schema';
import { tooManyRequests } from '../../errors';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';

/** Reports per network and minute: a page in an error loop must not fill the table. */
export const ERROR_REPORTS_PER_IP_PER_MINUTE = 60;
export const ERROR_REPORTS_RATE_LIMITED = 'Too many error reports from your network. Try again in a minute.';

/** The client's own time of the error, when it sent a readable one. */
function parseOccurredAt(timestamp: string): Date | null {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * Stores a client error report (spec 001 §4: a failed submission is reported; §7), with the
 * severity and category the domain gives its stage, for the analytics views to read.
 */
export async function recordErrorReport(
  db: Database,
  input: { report: ErrorReportPayload; ip: string; userAgent: string | undefined },
): Promise<ErrorClassification & { id: string }> {
  const limit = await consumeRateLimit(
    db,
    `error-reports:ip:${input.ip}`,
    ERROR_REPORTS_PER_IP_PER_MINUTE,
    60,
  );
  if (!limit.allowed) throw tooManyRequests(ERROR_REPORTS_RATE_LIMITED, limit.retryAfterSeconds);

  const { submissionId, errorData } = input.report;
  const classification = classifyErrorReport(errorData.stage);
  const [row] = await db
    .insert(errorReports)
    .values({
      submissionId,
      message: errorData.message,
      stack: errorData.stack ?? null,
      stage: errorData.stage ?? null,
      severity: classification.severity,
      category: classification.category,
      url: errorData.url ?? null,
      userAgent: errorData.userAgent ?? input.userAgent?.slice(0, 1_000) ?? null,
      metadata: errorData.metadata ?? null,
      ip: input.ip,
      occurredAt: parseOccurredAt(errorData.timestamp),
    })
    .returning({ id: errorReports.id });
  if (!row) throw new Error('recordErrorReport: insert returned no row');
  return { id: row.id, ...classification };
}
