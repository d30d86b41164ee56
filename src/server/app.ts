import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { STORAGE_FULL } from '../domain';
import { compressionOptions } from './compression';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import {
  DATABASE_FULL_MESSAGE,
  DATABASE_FULL_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  isDatabaseFull,
  isDatabaseUnavailable,
} from './db/database-errors';
import { AppError } from './errors';
import { httpServerOptions, idleTimeouts, wasTimedOut } from './http-timeouts';
import { allJobs } from './jobs';
import { JobWorker, type JobWorkerOptions, PermanentJobError } from './jobs/queue';
import { metricsPlugin } from './metrics/metrics-plugin';
import { registerAuthentication } from './policies/authentication';
import { registerSecurityHeaders } from './policies/security-headers';
import { createProviders, type Providers } from './providers';
import { storageFullErrorOf } from './providers/storage/storage-full';
import { publicConfigOf } from './public-config';
import {
  answerFrameworkError,
  readAbsentBodyAsEmpty,
  requestErrorAnswer,
  requestValidatorCompiler,
} from './request-errors';
import { collectRouteTable } from './route-table';
import { agreementTemplateRoutes } from './routes/api/agreement-templates';
import { analyticsRoutes } from './routes/api/analytics';
import { artistProfileRoutes } from './routes/api/artist';
import { artistInvitationRoutes } from './routes/api/artist-invitations';
import { artistRoutes } from './routes/api/artists';
import { artistErasureRoutes } from './routes/api/artists/erase';
import { authRoutes } from './routes/api/auth';
import { backgroundRoutes } from './routes/api/background';
import { backupRoutes } from './routes/api/backup';
import { boardAuditExportRoutes } from './routes/api/board/audit-export';
import { columnsRoutes } from './routes/api/board/columns';
import { createItemRoutes } from './routes/api/board/create-item';
import { boardExportRoutes } from './routes/api/board/export';
import { boardItemRoutes } from './routes/api/board/items';
import { boardKeyDateRoutes } from './routes/api/board/key-dates';
import { boardReviewRoutes } from './routes/api/board/review';
import { testConnectionRoutes } from './routes/api/board/test-connection';
import { configRoutes } from './routes/api/config';
import { contractRoutes } from './routes/api/contracts';
import { contractAuditExportRoutes } from './routes/api/contracts/audit-export';
import { dropboxSignRoutes } from './routes/api/contracts/dropbox-sign';
import { decisionTemplateRoutes } from './routes/api/decision-templates';
import { deliveryRoutes } from './routes/api/deliveries';
import { formSessionRoutes } from './routes/api/form-session';
import { healthRoutes } from './routes/api/health';
import { invitationRoutes } from './routes/api/invitation';
import { meRoutes } from './routes/api/me';
import { monitoringRoutes } from './routes/api/monitoring';
import { profileRoutes } from './routes/api/profile';
import { releasePlanningRoutes } from './routes/api/release-planning';
import { releaseScheduleRoutes } from './routes/api/release-schedules';
import { responsePromiseRoutes } from './routes/api/response-promise';
import { returningArtistRoutes } from './routes/api/returning-artist';
import { returningLinkRoutes } from './routes/api/returning-links';
import { signingRoutes } from './routes/api/signing';
import { spotifyRoutes } from './routes/api/spotify';
import { storageRoutes } from './routes/api/storage';
import { testDashboardRoutes } from './routes/api/test-dashboard';
import { testHookRoutes } from './routes/api/test-hooks';
import { unsubscribeLinkRoutes } from './routes/api/unsubscribe';
import { uploadRoutes } from './routes/api/upload';
import { resumableUploadRoutes } from './routes/api/uploads';
import { waitingListRoutes } from './routes/api/waiting-list';
import { fileRoutes } from './routes/files';
import { metricsRoutes } from './routes/metrics';
import { unsubscribeRoutes } from './routes/unsubscribe';
import { webRoutes } from './routes/web';
import { listenForSessionChanges } from './services/auth/session-cache';
import type { LinkSigner } from './services/files/signed-urls';
import { ProviderMonitor } from './services/health/provider-monitor';
import { recordJobFailure, recordServerError } from './services/monitoring/record-error-event';
import { getOrCreateSigningKey } from './services/settings/app-settings';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    providers: Providers;
    jobs: JobWorker;
    startedAt: number;
    /** Signs file and direct-upload URLs (services/files/signed-urls.ts). */
    signingKey: Buffer;
    /**
     * Signs the file links Imprint's own pages load: relative, so they work from whatever origin
     * the page was opened at (services/files/signed-urls.ts).
     */
    pageLinks: LinkSigner;
    /** The providers' checks for /api/health and the recurring provider check. */
    providerMonitor: ProviderMonitor;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replace providers (tests use this for a failing storage, say). */
  providers?: Partial<Providers>;
  jobWorker?: Partial<Omit<JobWorkerOptions, 'db' | 'jobs' | 'providers' | 'config' | 'log'>>;
}

/** Builds the Fastify app without listening: main.ts listens, tests call app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Headers, idle and whole-request time limits.
    ...httpServerOptions(config.httpTimeouts),
    // A path Fastify cannot route (bad percent-encoding, a parameter too long): the domain's words.
    frameworkErrors: answerFrameworkError,
    // One line per request is noise at info level; debug and trace show them.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  // Before any route: the table the fuzz suite walks (route-table.ts).
  collectRouteTable(app);
  // Refusals in the domain's words, and no text that cannot be stored (request-errors.ts).
  app.setValidatorCompiler(requestValidatorCompiler);
  readAbsentBodyAsEmpty(app);
  app.setSerializerCompiler(serializerCompiler);

  const providers = { ...createProviders(config, db, app.log), ...options.providers };
  const jobs = new JobWorker({
    db,
    jobs: allJobs,
    providers,
    config,
    log: app.log,
    onError: (error, job) => {
      app.log.warn({ err: error, jobId: job?.id, jobType: job?.type }, 'job failed');
      const full = storageFullErrorOf(error);
      if (full) providers.storageSpace.noteFull(full);
      // The worker's own rule for giving up: a permanent error, or the last attempt.
      if (job) {
        const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
        app.metrics.recordJobFailure(job.type, final);
      }
    },
    // Failed for good: an error event for the dashboard (a retry is not one).
    onGiveUp: (job, lastError) =>
      recordJobFailure(db, { jobId: job.id, jobName: job.type, attempts: job.attempts, lastError }),
    ...options.jobWorker,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('providers', providers);
  app.decorate('jobs', jobs);
  app.decorate('startedAt', Date.now());
  const signingKey = await getOrCreateSigningKey(db);
  app.decorate('signingKey', signingKey);
  app.decorate('pageLinks', { key: signingKey, publicUrl: config.publicUrl, fileLinks: 'relative' } as const);
  app.decorate('providerMonitor', new ProviderMonitor({ db, providers, config, log: app.log }));
  // A write refused for space, wherever it happened: storage's status is recorded at once, with
  // the outage's one error event (record-provider-status.ts), however many writes fail after it.
  const stopWatchingSpace = providers.storageSpace.onFull(() => {
    app.providerMonitor
      .check()
      .catch((error: unknown) => app.log.warn({ err: error }, 'storage check after a full disk failed'));
  });
  const sessionChanges = await listenForSessionChanges(db, app.log);
  app.addHook('onClose', async () => {
    stopWatchingSpace();
    // The database may be gone already (closed under the app): nothing is left to unlisten.
    await sessionChanges?.close().catch((error) => app.log.debug({ err: error }, 'session listener close'));
    await jobs.stop();
    providers.mail.close?.();
  });

  await app.register(idleTimeouts);

  app.setErrorHandler(async (error, request, reply) => {
    // Answered 408 when its body stopped arriving: the handler's error (the connection closing
    // under it) is the time-out itself, not a server error.
    if (wasTimedOut(request)) return;
    // An error answer has its own shape: a route's response schema for that status must not turn
    // it into a serialization failure.
    reply.serializer((payload) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    const refused = requestErrorAnswer(error);
    if (refused) {
      const { status, ...answer } = refused;
      return reply.code(status).send({ success: false, ...answer });
    }
    // No room in storage: the upload kept nothing, and its one error event is the storage
    // outage's (the onFull listener above), not one per request. The rest of a body still
    // arriving is not wanted.
    const full = storageFullErrorOf(error);
    if (full) {
      providers.storageSpace.noteFull(full);
      request.log.warn({ err: error }, 'storage full');
      return reply.code(507).header('connection', 'close').send({ success: false, error: STORAGE_FULL });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ success: false, error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    // A write the database had no room for: its transaction was rolled back whole. Not recorded
    // as an error event, which would need the same room.
    if (isDatabaseFull(error)) {
      request.log.error({ err: error }, 'database full');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_FULL_RETRY_AFTER_SECONDS))
        .send({ success: false, error: DATABASE_FULL_MESSAGE });
    }
    // Not an AppError and not the request's fault (requestErrorAnswer): a server error.
    const ownStatus = (error as { statusCode?: unknown }).statusCode;
    const status =
      error instanceof AppError
        ? error.statusCode
        : typeof ownStatus === 'number' && ownStatus >= 500 && ownStatus < 600
          ? ownStatus
          : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Kept for the analytics dashboard; a failure to store it must not change the answer.
      // The route pattern, never the raw URL: paths and queries can carry tokens and signatures.
      await recordServerError(db, {
        method: request.method,
        url: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        route: request.routeOptions.url,
        statusCode: status,
        error,
      }).catch((recordError: unknown) => request.log.warn({ err: recordError }, 'server error not recorded'));
    }
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return reply.code(error.statusCode).send({
        success: false,
        error: error.message,
        ...error.options.fields,
        ...(error.options.details !== undefined ? { details: error.options.details } : {}),
      });
    }
    return reply.code(status).send({ success: false, error: 'Internal server error' });
  });

  // helmet's headers, computed once; a page's route adds its CSP nonces (policies/security-headers.ts).
  registerSecurityHeaders(app, config);

  await app.register(cookie);
  // Before the routes, so that its timing hook sees every request.
  await app.register(metricsPlugin);
  registerAuthentication(app);
  // Before the routes, which it gives its hook as they are added, @fastify/static's included.
  await app.register(compress, compressionOptions);

  // One plugin per file, each named after the /api/ path it serves (routes/api/<first segment>).
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(meRoutes);
  await app.register(profileRoutes);
  await app.register(uploadRoutes);
  await app.register(storageRoutes);
  await app.register(resumableUploadRoutes);
  await app.register(fileRoutes);
  await app.register(configRoutes);
  await app.register(waitingListRoutes);
  await app.register(monitoringRoutes);
  await app.register(analyticsRoutes);
  await app.register(spotifyRoutes);
  await app.register(formSessionRoutes);
  await app.register(createItemRoutes);
  await app.register(backgroundRoutes);
  await app.register(backupRoutes);
  await app.register(boardItemRoutes);
  await app.register(boardReviewRoutes);
  await app.register(boardKeyDateRoutes);
  await app.register(boardExportRoutes);
  await app.register(boardAuditExportRoutes);
  await app.register(releasePlanningRoutes);
  await app.register(testConnectionRoutes);
  await app.register(columnsRoutes);
  await app.register(artistProfileRoutes);
  await app.register(artistInvitationRoutes);
  await app.register(invitationRoutes);
  await app.register(returningLinkRoutes);
  await app.register(returningArtistRoutes);
  await app.register(artistRoutes);
  await app.register(artistErasureRoutes);
  await app.register(testDashboardRoutes);
  await app.register(dropboxSignRoutes);
  await app.register(contractRoutes);
  await app.register(contractAuditExportRoutes);
  await app.register(releaseScheduleRoutes);
  await app.register(deliveryRoutes);
  await app.register(signingRoutes);
  await app.register(agreementTemplateRoutes);
  await app.register(decisionTemplateRoutes);
  await app.register(responsePromiseRoutes);
  // Reminders' and notices' unsubscribe link (RFC 8058) and its page's read.
  await app.register(unsubscribeRoutes);
  await app.register(unsubscribeLinkRoutes);
  // The end-to-end suite's hooks: only where IMPRINT_TEST_HOOKS asks for them (never in production).
  if (config.testHooks) {
    app.log.warn(
      'IMPRINT_TEST_HOOKS is on: /api/test-hooks/ and the X-Test-Now clock are served (tests only)',
    );
    await app.register(testHookRoutes);
  }
  await app.register(metricsRoutes);
  await app.register(webRoutes, { webRoot: config.webRoot, publicConfig: publicConfigOf(config) });
  return app;
}
