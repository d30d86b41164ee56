import { describe, expect, it } from 'vitest';
import type { ErrorToReport } from '../api/report-error';
import {
  createErrorReporter,
  firstFrameUrl,
  installErrorReporting,
  MAX_REPORTS_PER_PAGE,
} from './error-reporting';

const OUR_STACK =
  'TypeError: x is undefined\n    at render (https://portal.example/assets/index-abc.js:12:34)';

function recorder() {
  const sent: { submissionId: string; error: ErrorToReport }[] = [];
  const reporter = createErrorReporter((submissionId, error) => sent.push({ submissionId, error }));
  return { sent, reporter };
}

describe('global error reporting', () => {
  it('reports our own errors with the stage, the stack and a page session id of time and random text', () => {
    const { sent, reporter } = recorder();
    const error = new TypeError('x is undefined');
    error.stack = OUR_STACK;
    expect(
      reporter.report(error, 'uncaught', { filename: 'https://portal.example/assets/index-abc.js' }),
    ).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.submissionId).toMatch(/^page-[0-9a-z]+-[0-9a-f]{16}$/);
    expect(sent[0]?.error).toMatchObject({ message: 'x is undefined', stage: 'uncaught', stack: OUR_STACK });
  });

  it.each([
    ['a generic cross-origin script error', 'Script error.', 'https://portal.example/'],
    ['a browser extension', 'boom', 'chrome-extension://abcdef/content.js'],
    ['a wallet', 'MetaMask: user rejected', 'https://portal.example/assets/index.js'],
    ['an ad blocker', 'net::ERR_BLOCKED_BY_CLIENT', 'https://portal.example/assets/index.js'],
    [
      'ResizeObserver',
      'ResizeObserver loop completed with undelivered notifications.',
      'https://portal.example/a.js',
    ],
    [
      'a chunk that failed to load',
      'Failed to fetch dynamically imported module: /assets/page.js',
      'https://portal.example/a.js',
    ],
    ['an error without a file name', 'Something odd', ''],
  ])('drops %s (spec 001 §8)', (_what, message, filename) => {
    const { sent, reporter } = recorder();
    expect(reporter.report(new Error(message), 'uncaught', { filename })).toBe(false);
    expect(sent).toHaveLength(0);
  });

  it("keeps a rejection from our code, whose file name is its stack's first frame", () => {
    expect(firstFrameUrl(OUR_STACK)).toBe('https://portal.example/assets/index-abc.js');
    const { sent, reporter } = recorder();
    const error = new Error('Request failed');
    error.stack = 'Error: Request failed\n    at https://portal.example/assets/index-abc.js:3:9';
    expect(reporter.report(error, 'unhandled-rejection')).toBe(true);
    expect(sent[0]?.error.metadata).toMatchObject({ filename: 'https://portal.example/assets/index-abc.js' });
    // A rejection with a plain value has no stack and no file: noise.
    expect(reporter.report('nope', 'unhandled-rejection')).toBe(false);
  });

  it(`sends a message once per page view, and at most ${MAX_REPORTS_PER_PAGE} reports`, () => {
    const { sent, reporter } = recorder();
    const at = { filename: 'https://portal.example/assets/index.js' };
    reporter.report(new Error('loop'), 'uncaught', at);
    reporter.report(new Error('loop'), 'uncaught', at);
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 20; i++) reporter.report(new Error(`error ${i}`), 'uncaught', at);
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it('listens for uncaught errors and unhandled rejections until removed', () => {
    const { sent, reporter } = recorder();
    const target = new EventTarget();
    const remove = installErrorReporting(target as unknown as Window, reporter);
    const errorEvent = Object.assign(new Event('error'), {
      error: Object.assign(new Error('from a handler'), { stack: OUR_STACK }),
      message: 'from a handler',
      filename: 'https://portal.example/assets/index-abc.js',
    });
    target.dispatchEvent(errorEvent);
    const rejection = Object.assign(new Event('unhandledrejection'), {
      reason: Object.assign(new Error('not awaited'), { stack: OUR_STACK }),
    });
    target.dispatchEvent(rejection);
    expect(sent.map((report) => [report.error.stage, report.error.message])).toEqual([
      ['uncaught', 'from a handler'],
      ['unhandled-rejection', 'not awaited'],
    ]);
    remove();
    target.dispatchEvent(
      Object.assign(new Event('error'), { error: new Error('later'), filename: 'https://x/a.js' }),
    );
    expect(sent).toHaveLength(2);
  });
});
