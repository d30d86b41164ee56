import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

export type UploadPath = 'standard' | 'direct' | 'resumable';
export type UploadResult = 'stored' | 'refused' | 'failed';

/** Job states worth a gauge: the queue's depth, what runs now, and what gave up. */
const JOB_STATES = ['pending', 'running', 'failed'] as const;

/**
 * The server's Prometheus metrics (issue 16), one registry per app (tests build many apps in one
 * process): process and event-loop metrics, request durations by route and status, the job queue
 * and the mail queue read from the database at scrape time (so every instance reports the shared
 * queue alike), job failures and uploads counted by this instance.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly jobFailures: Counter<'job' | 'final'>;
  private readonly uploads: Counter<'path' | 'result'>;
  private readonly uploadBytes: Counter<'file_type'>;

  constructor(db: Database) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requestDuration = new Histogram({
      name: 'imprint_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.jobFailures = new Counter({
      name: 'imprint_job_failures_total',
      help: 'Failed job attempts in this instance; final="true" when the job gave up',
      labelNames: ['job', 'final'],
      registers,
    });
    this.uploads = new Counter({
      name: 'imprint_uploads_total',
      help: 'Uploads finished by this instance, by path and result (refused: a 4xx; failed: a 5xx)',
      labelNames: ['path', 'result'],
      registers,
    });
    this.uploadBytes = new Counter({
      name: 'imprint_upload_bytes_total',
      help: 'Bytes of the uploads stored by this instance, by file type',
      labelNames: ['file_type'],
      registers,
    });
    const collectErrors = new Counter({
      name: 'imprint_metrics_collect_errors_total',
      help: 'Scrapes whose database-backed gauges could not be read (the database was unreachable)',
      registers,
    });

    const readQueue = (onlyType?: string) =>
      db
        .select({ type: jobs.type, status: jobs.status, count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          onlyType
            ? sql`${jobs.status} in ('pending', 'running', 'failed') and ${jobs.type} = ${onlyType}`
            : sql`${jobs.status} in ('pending', 'running', 'failed')`,
        )
        .groupBy(jobs.type, jobs.status);
    new Gauge({
      name: 'imprint_jobs',
      help: 'Background jobs in the shared queue by job and state (pending: the queue depth; failed: gave up)',
      labelNames: ['job', 'status'],
      registers,
      async collect() {
        this.reset();
        try {
          for (const row of await readQueue())
            this.set({ job: row.type, status: row.status }, Number(row.count));
        } catch {
          collectErrors.inc();
        }
      },
    });
    new Gauge({
      name: 'imprint_mail_queue',
      help: 'Mails waiting to be sent (pending), being sent (running) or given up (failed)',
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        for (const status of JOB_STATES) this.set({ status }, 0);
        try {
          for (const row of await readQueue('mail.send')) this.set({ status: row.status }, Number(row.count));
        } catch {
          collectErrors.inc();
        }
      },
    });
  }

  recordJobFailure(jobName: string, final: boolean): void {
    this.jobFailures.inc({ job: jobName, final: String(final) });
  }

  recordUpload(path: UploadPath, result: UploadResult, stored?: { bytes: number; fileType: string }): void {
    this.uploads.inc({ path, result });
    if (stored) this.uploadBytes.inc({ file_type: stored.fileType }, stored.bytes);
  }
}
