import {
  type ConnectionInfo,
  type ErrorReportPayload,
  isLowMemory,
  labelNetworkQuality,
  scoreNetworkQuality,
} from '../../domain';

/** What failed, as the caller knows it; the page's context is added here. */
export interface ErrorToReport {
  message: string;
  stack?: string | undefined;
  /** Where it failed ('submission', 'upload', 'validation', ...): the server classifies by it. */
  stage: string;
  /** Stage-specific details (the track being uploaded, the progress reached, ...). */
  metadata?: Record<string, unknown> | undefined;
}

export interface ReportErrorOptions {
  /** Waits between attempts; tests pass one that records the delays instead of waiting. */
  delay?: (ms: number) => Promise<void>;
}

/** Spec 001 §9: 3 attempts, waiting 1000 ms times the attempt number before the next. */
export const REPORT_ERROR_ATTEMPTS = 3;
export const REPORT_ERROR_DELAY_MS = 1000;

/** The server's bounds (errorReportPayloadSchema): a longer field would make the whole report a 400. */
const LIMITS = { message: 5_000, stack: 20_000, url: 2_000, userAgent: 1_000, stage: 200, submissionId: 200 };

const KEEPALIVE_MAX_CHARS = 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface NetworkInformationLike {
  effectiveType?: string;
  downlink?: number;
  rtt?: number;
}

interface PerformanceMemoryLike {
  usedJSHeapSize?: number;
  jsHeapSizeLimit?: number;
}

/** navigator.connection exists in Chromium-based browsers only. */
function connectionDetails(): Record<string, unknown> | undefined {
  const connection = (globalThis.navigator as { connection?: NetworkInformationLike } | undefined)
    ?.connection;
  if (!connection) return undefined;
  const info: ConnectionInfo = {
    effectiveType: connection.effectiveType,
    downlink: connection.downlink,
    rtt: connection.rtt,
  };
  const score = scoreNetworkQuality(info);
  return { ...info, quality: labelNetworkQuality(score), qualityScore: score };
}

/** performance.memory is Chromium's, and non-standard. */
function memoryDetails(): Record<string, unknown> | undefined {
  const memory = (globalThis.performance as { memory?: PerformanceMemoryLike } | undefined)?.memory;
  const used = memory?.usedJSHeapSize;
  const limit = memory?.jsHeapSizeLimit;
  if (typeof used !== 'number' || typeof limit !== 'number') return undefined;
  return { memory: { used, limit, lowMemory: isLowMemory(used, limit) } };
}

/** The report as the server takes it: the error, when and where, and the page's circumstances. */
export function buildErrorReport(
  submissionId: string,
  error: ErrorToReport,
  now = new Date(),
): ErrorReportPayload {
  const connection = connectionDetails();
  const performance = memoryDetails();
  const stack = error.stack?.slice(0, LIMITS.stack);
  return {
    submissionId: submissionId.slice(0, LIMITS.submissionId),
    errorData: {
      message: error.message.slice(0, LIMITS.message),
      ...(stack ? { stack } : {}),
      stage: error.stage.slice(0, LIMITS.stage),
      timestamp: now.toISOString(),
      url: (globalThis.location?.href ?? '').slice(0, LIMITS.url),
      userAgent: (globalThis.navigator?.userAgent ?? '').slice(0, LIMITS.userAgent),
      metadata: {
        viewport: { width: globalThis.innerWidth, height: globalThis.innerHeight },
        ...(connection ? { connection } : {}),
        ...(performance ? { performance } : {}),
        ...error.metadata,
      },
    },
  };
}

/**
 * Sends an error report to POST /api/monitoring/report-error (spec 001 §4, §7), retrying a failed
 * attempt up to 3 attempts in all with 1 s × attempt number between them. It never throws:
 * reporting must not turn one failure into two. A 400 or 413 is not retried, since the same body
 * would be refused again. Resolves true when the server stored the report.
 */
export async function reportError(
  submissionId: string,
  error: ErrorToReport,
  options: ReportErrorOptions = {},
): Promise<boolean> {
  const delay = options.delay ?? wait;
  let body: string;
  try {
    body = JSON.stringify(buildErrorReport(submissionId, error));
  } catch {
    // Metadata that cannot be serialised (a cycle): report without it rather than not at all.
    body = JSON.stringify(buildErrorReport(submissionId, { ...error, metadata: undefined }));
  }
  for (let attempt = 1; attempt <= REPORT_ERROR_ATTEMPTS; attempt++) {
    try {
      const response = await fetch('/api/monitoring/report-error', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body,
        // The report may be sent as the artist leaves the page; browsers cap keepalive bodies at 64 KiB.
        keepalive: body.length < KEEPALIVE_MAX_CHARS,
      });
      if (response.ok) return true;
      if (response.status === 400 || response.status === 413) return false;
    } catch {
      // No answer: retried below.
    }
    if (attempt < REPORT_ERROR_ATTEMPTS) await delay(REPORT_ERROR_DELAY_MS * attempt);
  }
  return false;
}
