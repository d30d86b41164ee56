import { count, inArray } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

/** Where Prometheus scrapes (routes/metrics.ts); the timing hook leaves these requests out. */
export const METRICS_PATH = '/metrics';

export type UploadPath = 'standard' | 'direct' | 'resumable';
export type UploadResult = 'stored' | 'refused' | 'failed';

/** Job states worth a gauge: the queue's depth, what runs now, and what gave up. */
const JOB_STATES = ['pending', 'running', 'failed'] as const;
type JobState = (typeof JOB_STATES)[number];
const MAIL_JOB = 'mail.send';

interface QueueRow {
  type: string;
  status: JobState;
  count: number;
}

/** An API's answers: most in milliseconds, uploads and slow providers up to seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How an upload that ended with an error counts: refused (the client's 4xx) or failed (5xx). */
export function uploadResultOf(error: unknown): 'refused' | 'failed' {
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? 'refused' : 'failed';
}

/**
 * The server's Prometheus metrics, one registry per app (tests build many apps in one
 * process, so never prom-client's global registry): process and event-loop metrics, request
 * durations by route pattern and status, the job queue and the mail queue read from the database
 * at scrape time (so every instance reports the shared queue alike), job failures and uploads
 * counted by this instance.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly jobFailures: Counter<'job' | 'final'>;
  private readonly uploads: Counter<'path' | 'result'>;
  private readonly uploadBytes: Counter<'file_type'>;
  /** The scrape's one queue query, shared by the gauges that read it; undefined when it failed. */
  private queueRead: Promise<QueueRow[] | undefined> | undefined;
  /** Jobs seen in the queue before: they read 0 when their rows are gone, rather than vanishing. */
  private readonly knownJobs = new Set<string>();

  /**
   * `defaultMetrics`: the process and event-loop metrics (they start timers and observers that live
   * as long as the process, so the app asks for them only when /metrics can be read).
   */
  constructor(
    private readonly db: Database,
    options: { defaultMetrics?: boolean } = {},
  ) {
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    const metrics = this;
    this.requestDuration = new Histogram({
      name: 'imprint_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern (unmatched: no route) and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
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
      help: 'Uploads that ended in this instance, by path and result (refused: a 4xx; failed: a 5xx)',
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
      help: 'Scrapes whose database-backed gauges could not be read (imprint_jobs and imprint_mail_queue left out)',
      registers,
      // Waits for this scrape's query, so a failure shows in the scrape it spoiled.
      async collect() {
        await metrics.readQueue(() => collectErrors.inc());
      },
    });
    new Gauge({
      name: 'imprint_jobs',
      help: 'Background jobs in the shared queue by job and state (pending: the queue depth; failed: gave up)',
      labelNames: ['job', 'status'],
      registers,
      async collect() {
        this.reset();
        const rows = await metrics.readQueue(() => collectErrors.inc());
        if (!rows) return;
        for (const row of rows) metrics.knownJobs.add(row.type);
        for (const job of metrics.knownJobs) for (const status of JOB_STATES) this.set({ job, status }, 0);
        for (const row of rows) this.set({ job: row.type, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'imprint_mail_queue',
      help: 'Mails (mail.send jobs) waiting to be sent (pending), being sent (running) or given up (failed)',
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        const rows = await metrics.readQueue(() => collectErrors.inc());
        if (!rows) return;
        for (const status of JOB_STATES) this.set({ status }, 0);
        for (const row of rows) if (row.type === MAIL_JOB) this.set({ status: row.status }, row.count);
      },
    });
  }

  /**
   * One `select type, status, count(*) … group by type, status` per scrape: the gauges' collect()
   * callbacks run together, and the first starts the query the others wait for. A failure (the
   * database is down) is counted once and answers undefined, so the scrape goes on without them.
   */
  private readQueue(onError: () => void): Promise<QueueRow[] | undefined> {
    if (!this.queueRead) {
      const read = (async () => {
        try {
          const rows = await this.db
            .select({ type: jobs.type, status: jobs.status, count: count() })
            .from(jobs)
            .where(inArray(jobs.status, [...JOB_STATES]))
            .groupBy(jobs.type, jobs.status);
          return rows.map((row) => ({ ...row, status: row.status as JobState, count: Number(row.count) }));
        } catch {
          onError();
          return undefined;
        } finally {
          this.queueRead = undefined;
        }
      })();
      this.queueRead = read;
    }
    return this.queueRead;
  }

  /** One answered request; `route` is the route's pattern, never the path (ids would be a series each). */
  observeRequest(labels: { method: string; route: string; statusCode: number }, seconds: number): void {
    this.requestDuration.observe(
      { method: labels.method, route: labels.route, status_code: String(labels.statusCode) },
      seconds,
    );
  }

  /** A job attempt that failed; `final` when the job gives up (no retry follows). */
  recordJobFailure(jobName: string, final: boolean): void {
    this.jobFailures.inc({ job: jobName, final: String(final) });
  }

  /** An upload that ended: stored (with its size and the upload service's file type), refused or failed. */
  recordUpload(path: UploadPath, result: UploadResult, stored?: { bytes: number; fileType: string }): void {
    this.uploads.inc({ path, result });
    if (result === 'stored' && stored) this.uploadBytes.inc({ file_type: stored.fileType }, stored.bytes);
  }
}
