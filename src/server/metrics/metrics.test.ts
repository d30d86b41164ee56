import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { Metrics, uploadResultOf } from './metrics';

/** A stand-in for the database: counts the queue queries and answers what `answer` gives. */
function fakeDb(answer: () => Promise<unknown[]>) {
  const calls = { count: 0 };
  const query = {
    from: () => query,
    where: () => query,
    groupBy: () => {
      calls.count += 1;
      return answer();
    },
  };
  return { db: { select: () => query } as unknown as Database, calls };
}

describe('Metrics', () => {
  it('reads the job queue with one query per scrape, shared by the gauges', async () => {
    const { db, calls } = fakeDb(async () => [
      { type: 'mail.send', status: 'pending', count: 3 },
      { type: 'board.sync-submission', status: 'running', count: 1 },
    ]);
    const metrics = new Metrics(db, { defaultMetrics: false });
    const body = await metrics.registry.metrics();
    expect(calls.count).toBe(1);
    expect(body).toContain('imprint_jobs{job="mail.send",status="pending"} 3');
    expect(body).toContain('imprint_jobs{job="board.sync-submission",status="running"} 1');
    expect(body).toContain('imprint_mail_queue{status="pending"} 3');
    expect(body).toContain('imprint_metrics_collect_errors_total 0');
    await metrics.registry.metrics();
    expect(calls.count).toBe(2);
  });

  it('leaves the database gauges out of a scrape when the database is down, and counts it', async () => {
    let down = false;
    const { db } = fakeDb(async () => {
      if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return [{ type: 'mail.send', status: 'pending', count: 2 }];
    });
    const metrics = new Metrics(db, { defaultMetrics: false });
    metrics.recordUpload('standard', 'stored', { bytes: 10, fileType: 'track' });
    expect(await metrics.registry.metrics()).toContain('imprint_mail_queue{status="pending"} 2');

    down = true;
    const body = await metrics.registry.metrics();
    expect(body).toContain('imprint_metrics_collect_errors_total 1');
    expect(body).not.toMatch(/^imprint_jobs\{/m);
    expect(body).not.toMatch(/^imprint_mail_queue\{/m);
    // The rest of the scrape is intact.
    expect(body).toContain('imprint_uploads_total{path="standard",result="stored"} 1');
    expect(body).toContain('imprint_upload_bytes_total{file_type="track"} 10');

    down = false;
    const recovered = await metrics.registry.metrics();
    expect(recovered).toContain('imprint_metrics_collect_errors_total 1');
    expect(recovered).toContain('imprint_mail_queue{status="pending"} 2');
  });

  it('keeps one registry per instance', async () => {
    const { db } = fakeDb(async () => []);
    const first = new Metrics(db);
    const second = new Metrics(db);
    first.recordJobFailure('mail.send', true);
    expect(await first.registry.metrics()).toContain(
      'imprint_job_failures_total{job="mail.send",final="true"} 1',
    );
    expect(await second.registry.metrics()).not.toContain('imprint_job_failures_total{');
    expect(await second.registry.metrics()).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('tells refusals (4xx) from failures', () => {
    expect(uploadResultOf({ statusCode: 413 })).toBe('refused');
    expect(uploadResultOf({ statusCode: 429 })).toBe('refused');
    expect(uploadResultOf({ statusCode: 503 })).toBe('failed');
    expect(uploadResultOf(new Error('disk full'))).toBe('failed');
  });
});
