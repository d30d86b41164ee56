import { isErrorNoise } from '../../domain';
import { type ErrorToReport, reportError } from '../api/report-error';
import { pageSessionId } from './page-session';

/** A page in an error loop must not send hundreds of reports: at most this many per page view. */
export const MAX_REPORTS_PER_PAGE = 10;

export type ErrorStage = 'uncaught' | 'unhandled-rejection' | 'render';

export interface ErrorReporter {
  /** Reports an error unless it is noise, a repeat, or over the page's budget; true when sent. */
  report(error: unknown, stage: ErrorStage, where?: { filename?: string | undefined }): boolean;
}

/** The URL of the first stack frame: where a rejection without a file name came from. */
export function firstFrameUrl(stack: string | undefined): string | undefined {
  return stack?.match(/(https?:\/\/[^\s)]+?)(?::\d+){1,2}\)?(\s|$)/m)?.[1];
}

function describeThrown(error: unknown): { message: string; stack?: string | undefined } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/**
 * The reporting policy (spec 001 §8): the spec's noise is dropped (generic script errors, browser
 * extensions, wallets, ad blockers, ResizeObserver, chunk-load failures, errors without a file
 * name), the same message is sent once per page view, and no more than MAX_REPORTS_PER_PAGE.
 */
export function createErrorReporter(
  send: (submissionId: string, error: ErrorToReport) => unknown = reportError,
): ErrorReporter {
  const seen = new Set<string>();
  return {
    report(error, stage, where = {}) {
      const { message, stack } = describeThrown(error);
      const filename = where.filename || firstFrameUrl(stack);
      if (isErrorNoise({ message, filename, stack })) return false;
      const key = `${stage}|${message}`;
      if (seen.has(key) || seen.size >= MAX_REPORTS_PER_PAGE) return false;
      seen.add(key);
      void send(pageSessionId(), {
        message,
        stack,
        stage,
        metadata: { ...(filename ? { filename } : {}), page: globalThis.location?.pathname },
      });
      return true;
    },
  };
}

let installed: ErrorReporter | undefined;

/** The page's reporter: the one `installErrorReporting` made, for the error boundary to use. */
export function pageErrorReporter(): ErrorReporter {
  installed ??= createErrorReporter();
  return installed;
}

/**
 * Reports uncaught errors and unhandled rejections of this page (spec 001 §8 "global error
 * reporting"). Called once from main.tsx; answers a function that removes the listeners (tests).
 */
export function installErrorReporting(target: Window = window, reporter = pageErrorReporter()): () => void {
  const onError = (event: ErrorEvent) => {
    reporter.report(event.error ?? event.message, 'uncaught', { filename: event.filename });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reporter.report(event.reason, 'unhandled-rejection');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
