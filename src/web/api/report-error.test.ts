// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildErrorReport, reportError } from './report-error';

const error = {
  message: 'Failed to upload Tide: Network error',
  stack: 'Error: Failed to upload Tide\n    at submit',
  stage: 'submission',
  metadata: { progress: 35, track: 'Tide' },
};

function ok() {
  return new Response(JSON.stringify({ success: true }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

function failing(status: number) {
  return new Response(JSON.stringify({ success: false, error: 'Internal server error' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let delays: number[];
const delay = async (ms: number) => {
  delays.push(ms);
};

beforeEach(() => {
  delays = [];
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('reportError', () => {
  it('posts the report once when the server takes it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(ok());
    await expect(reportError('sub-1', error, { delay })).resolves.toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/monitoring/report-error');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      submissionId: 'sub-1',
      errorData: {
        message: error.message,
        stack: error.stack,
        stage: 'submission',
        url: window.location.href,
        userAgent: navigator.userAgent,
        metadata: {
          viewport: { width: window.innerWidth, height: window.innerHeight },
          progress: 35,
          track: 'Tide',
        },
      },
    });
    expect(new Date(body.errorData.timestamp).toISOString()).toBe(body.errorData.timestamp);
    expect(delays).toEqual([]);
  });

  it('retries after a 500 and after a network error, waiting 1000 then 2000 ms', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(failing(500))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(ok());
    await expect(reportError('sub-2', error, { delay })).resolves.toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([1000, 2000]);
    // Each attempt sends the same report.
    const bodies = fetchSpy.mock.calls.map(([, init]) => init?.body);
    expect(new Set(bodies).size).toBe(1);
  });

  it('gives up after 3 attempts and resolves false without throwing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(reportError('sub-3', error, { delay })).resolves.toBe(false);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('does not resend a report the server refused as malformed', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(failing(400));
    await expect(reportError('sub-4', error, { delay })).resolves.toBe(false);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('retries a rate-limited report', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(failing(429))
      .mockResolvedValueOnce(ok());
    await expect(reportError('sub-5', error, { delay })).resolves.toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(delays).toEqual([1000]);
  });

  it('still reports when the metadata cannot be serialised', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(ok());
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(reportError('sub-6', { ...error, metadata: cyclic }, { delay })).resolves.toBe(true);
    const body = JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body));
    expect(body.errorData.message).toBe(error.message);
    expect(body.errorData.metadata.self).toBeUndefined();
  });
});

describe('buildErrorReport', () => {
  it("adds the connection with the domain's quality label, and the memory, when the browser has them", () => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { effectiveType: '3g', downlink: 0.8, rtt: 600 },
    });
    Object.defineProperty(performance, 'memory', {
      configurable: true,
      value: { usedJSHeapSize: 90, jsHeapSizeLimit: 100 },
    });
    try {
      const report = buildErrorReport('sub-7', error, new Date('2026-03-01T12:00:00.000Z'));
      expect(report.errorData.timestamp).toBe('2026-03-01T12:00:00.000Z');
      expect(report.errorData.metadata).toMatchObject({
        connection: { effectiveType: '3g', downlink: 0.8, rtt: 600, quality: 'poor', qualityScore: 30 },
        performance: { memory: { used: 90, limit: 100, lowMemory: true } },
      });
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
      Reflect.deleteProperty(performance, 'memory');
    }
  });

  it('leaves out what the browser does not have, and cuts fields to the server bounds', () => {
    const report = buildErrorReport('sub-8', { message: 'x'.repeat(6_000), stage: 'upload' });
    expect(report.errorData.message).toHaveLength(5_000);
    expect(report.errorData.stack).toBeUndefined();
    expect(report.errorData.metadata).not.toHaveProperty('connection');
    expect(report.errorData.metadata).not.toHaveProperty('performance');
  });
});
