import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { scheduleRecurringJobs } from './jobs';
import { seedDemoData } from './seed/seed-demo-data';
import { addStaff } from './services/staff/manage-staff';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  await database.migrate();
  const app = await buildApp({ config, db: database.db });
  app.log.info(
    {
      database: database.kind,
      dataDir: config.dataDir,
      storage: config.storage.driver,
      mail: app.providers.mail.kind,
    },
    'database migrated',
  );
  if (config.demoData) {
    await seedDemoData(database.db, app.providers.storage);
    app.log.info('demo data present');
  }
  for (const email of config.staffEmails) {
    const result = await addStaff(database.db, email);
    if (result !== 'unchanged') app.log.info(`STAFF_EMAILS: ${email} ${result} as staff`);
  }
  await scheduleRecurringJobs(database.db);
  if (config.jobsEnabled) app.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Imprint is serving on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Imprint failed to start:', error);
  }
  process.exit(1);
});
