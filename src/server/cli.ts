import { accountEmailSchema } from '../domain';
import {
  BACKUP_USAGE,
  backUpBeforeMigrate,
  embeddedDatabaseInUseMessage,
  runBackup,
  runRestore,
} from './backup-cli';
import { ConfigError, loadConfig } from './config';
import { type Database, openInstallationDatabase } from './db/client';
import { DKIM_USAGE, runDkim } from './dkim-cli';
import { createStorage } from './providers';
import { seedDemoData } from './seed/seed-demo-data';
import { addStaff, listStaff, removeStaff } from './services/staff/manage-staff';
import { runStandIns, STAND_INS_USAGE } from './stand-ins/cli';

const usage = `Usage: npm run imprint -- <command>

Commands:
  migrate                 apply database migrations (with BACKUP_DIR set, after a backup there)
  seed                    apply migrations and add the demo data (only what is missing)
  staff add EMAIL [NAME]  make EMAIL a staff member (they sign in at /login with that address)
  staff list              list the staff members
  staff remove EMAIL      take staff rights away and sign them out
  ${BACKUP_USAGE}
  ${DKIM_USAGE}  print the DNS TXT record for DKIM_* (the key that signs outgoing mail);
                          --generate FILE writes a new 2048-bit RSA key to FILE
  ${STAND_INS_USAGE}
                          run local stand-ins for the external services (all by default) until
                          Ctrl-C, and print the .env lines that point Imprint at them
`;

async function runStaff(db: Database, [action, email, ...name]: string[]): Promise<number> {
  if (action === 'list') {
    const staff = await listStaff(db);
    if (staff.length === 0)
      process.stdout.write('No staff members yet. Add one: npm run imprint -- staff add EMAIL\n');
    for (const member of staff) {
      const seen = member.lastSignInAt
        ? `last signed in ${member.lastSignInAt.toISOString()}`
        : 'never signed in';
      process.stdout.write(`${member.email}${member.name ? ` (${member.name})` : ''}  ${seen}\n`);
    }
    return 0;
  }
  if ((action === 'add' || action === 'remove') && email) {
    const parsed = accountEmailSchema.safeParse(email);
    if (!parsed.success) {
      process.stderr.write(`Not an e-mail address: ${email}\n`);
      return 2;
    }
    if (action === 'add') {
      const result = await addStaff(db, parsed.data, name.join(' ') || undefined);
      process.stdout.write(
        {
          added: `${parsed.data} is now a staff member. They sign in at /login with this address.\n`,
          promoted: `${parsed.data} already had an account; it now has staff rights.\n`,
          unchanged: `${parsed.data} is already a staff member.\n`,
        }[result],
      );
      return 0;
    }
    const removed = await removeStaff(db, parsed.data);
    process.stdout.write(
      removed ? `${parsed.data} is no longer a staff member.\n` : `${parsed.data} is not a staff member.\n`,
    );
    return removed ? 0 : 1;
  }
  process.stderr.write(usage);
  return 2;
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  // No configuration or database: the stand-ins are what a configuration will point at.
  if (command === 'stand-ins') return runStandIns(rest);
  if (command === 'dkim')
    return runDkim(rest, { env: process.env, stdout: process.stdout, stderr: process.stderr });
  const output = { stdout: process.stdout, stderr: process.stderr };
  if (command === 'backup') return runBackup(loadConfig(), rest, output);
  if (command !== 'migrate' && command !== 'seed' && command !== 'staff' && command !== 'restore') {
    process.stderr.write(usage);
    return command === undefined || command === 'help' ? 0 : 2;
  }
  const config = loadConfig();
  // Opening the embedded database beside the server that has it open would corrupt it.
  const inUse = embeddedDatabaseInUseMessage(config);
  if (inUse) {
    process.stderr.write(`${inUse}\n`);
    return 1;
  }
  if (command === 'restore') return runRestore(config, rest, output);
  const database = await openInstallationDatabase(config);
  try {
    if (command === 'migrate') await backUpBeforeMigrate(config, database, output);
    await database.migrate();
    if (command === 'staff') return await runStaff(database.db, rest);
    if (command === 'seed') await seedDemoData(database.db, createStorage(config.storage), config);
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
