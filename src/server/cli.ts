import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './seed/seed-demo-data';

const usage = `Usage: npm run imprint -- <command>

Commands:
  migrate   apply database migrations
  seed      apply migrations and add the demo data (only what is missing)
`;

async function run(args: string[]): Promise<number> {
  const [command] = args;
  if (command !== 'migrate' && command !== 'seed') {
    process.stderr.write(usage);
    return command === undefined || command === 'help' ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    await database.migrate();
    if (command === 'seed') await seedDemoData(database.db);
    process.stdout.write(`${command}: done (${database.kind})\n`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
