import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openInstallationDatabase } from './db/client';
import { watchPgliteQueue } from './db/pglite-queue';
import { scheduleRecurringJobs } from './jobs';
import { dkimNotices } from './providers/mail/dkim';
import { seedDemoData } from './seed/seed-demo-data';
import { refreshResponseRecordIfStale } from './services/response-promise/response-record';
import { addStaff } from './services/staff/manage-staff';

/**
 * What happens once per installation start, before any process serves: migrations, the demo data,
 * STAFF_EMAILS and the recurring jobs. With WORKERS > 1 the cluster's primary runs it alone, then
 * forks the workers (cluster.ts).
 */
async function prepareInstallation(config: AppConfig): Promise<FastifyBaseLogger> {
  const database = await openInstallationDatabase(config);
  try {
    return await prepare(config, database);
  } finally {
    await database.close();
  }
}

/** Returns the app's logger, which outlives the app (the cluster's primary logs with it). */
async function prepare(config: AppConfig, database: DatabaseHandle): Promise<FastifyBaseLogger> {
  await database.migrate();
  // The app is built for its providers (storage for the demo files) and its logger; it never listens.
  const app = await buildApp({ config, db: database.db });
  try {
    app.log.info(
      {
        database: database.kind,
        dataDir: config.dataDir,
        storage: config.storage.driver,
        mail: app.providers.mail.kind,
        dkim: config.mail.dkim
          ? `${config.mail.dkim.keySelector}._domainkey.${config.mail.dkim.domainName}`
          : 'off',
        workers: config.workers,
      },
      'database migrated',
    );
    // A From domain the signature does not align with: mail still goes, but DMARC ignores the
    // signature, which is worth knowing before receivers start filing it as spam.
    if (config.mail.dkim) for (const notice of dkimNotices(config.mail)) app.log.warn(notice);
    if (config.demoData) {
      await seedDemoData(database.db, app.providers.storage, config);
      app.log.info('demo data present');
    }
    for (const email of config.staffEmails) {
      const result = await addStaff(database.db, email);
      if (result !== 'unchanged') app.log.info(`STAFF_EMAILS: ${email} ${result} as staff`);
    }
    await scheduleRecurringJobs(database.db);
    // The public promise's figures (/submit, the dashboard): a stale record is computed again now.
    if (await refreshResponseRecordIfStale(database.db)) app.log.info('response promise record queued');
    return app.log;
  } finally {
    await app.close();
  }
}

/** One serving process: the only one (WORKERS=1), or a worker of the cluster (prepared by its primary). */
async function serve(config: AppConfig, options: { prepare: boolean }): Promise<void> {
  const database = await openInstallationDatabase(config);
  if (options.prepare) await prepare(config, database);
  const app = await buildApp({ config, db: database.db });
  const stopWatching =
    database.kind === 'pglite' && database.waitingQueries
      ? watchPgliteQueue({ waitingQueries: database.waitingQueries, log: app.log })
      : undefined;
  if (config.jobsEnabled) app.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stopWatching?.();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Imprint is serving on ${config.publicUrl}`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    runPrimary(config, await prepareInstallation(config));
    return;
  }
  await serve(config, { prepare: cluster.isPrimary });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Imprint failed to start:', error);
  }
  process.exit(1);
});
