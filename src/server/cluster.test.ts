import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrlFor } from './test/database-url';
import { closedPort } from './test/ports';

const root = path.resolve(import.meta.dirname, '../..');

interface LogLine {
  pid: number;
  msg: string;
}

/** GET on a connection of its own, so the cluster may hand it to either worker. */
function getStatus(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

// WORKERS > 1 needs PostgreSQL (config.test.ts checks the refusal on PGlite).
describe.runIf(inject('testDatabase').kind === 'postgres')('WORKERS=2 on PostgreSQL', () => {
  const lines: LogLine[] = [];
  let server: ChildProcess;
  let exit: Promise<number | null>;
  let port: number;
  let adminUrl: string;
  let dataDir: string;
  const name = `imprint_cluster_${randomBytes(6).toString('hex')}`;

  /** Resolves with the first log line (seen so far or to come) that `match` accepts. */
  async function waitForLine(match: (line: LogLine) => boolean, timeoutMs = 60_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such log line; got ${JSON.stringify(lines)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const serving = () => lines.filter((line) => line.msg.startsWith('Imprint is serving'));

  beforeAll(async () => {
    const info = inject('testDatabase');
    if (info.kind !== 'postgres') return;
    adminUrl = info.serverUrl;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // An empty database: the primary migrates it, once.
    await admin.query(`create database ${name}`);
    await admin.end();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-cluster-'));
    port = await closedPort();
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        WORKERS: '2',
        DATABASE_URL: databaseUrlFor(adminUrl, name),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        // Fastify logs each request at debug level, with the pid of the process that answered.
        LOG_LEVEL: 'debug',
      },
    });
    exit = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    readline.createInterface({ input: server.stdout as NodeJS.ReadableStream }).on('line', (text) => {
      try {
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
      } catch {
        // Not one of pino's lines.
      }
    });
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await exit;
    }
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('prepares once, answers from both workers, replaces one that dies, and stops cleanly', async () => {
    await waitForLine(() => serving().length >= 2, 120_000);
    const workers = new Set(serving().map((line) => line.pid));
    expect(workers.size).toBe(2);
    expect(workers.has(server.pid as number)).toBe(false);
    // Migrations, STAFF_EMAILS and the recurring jobs ran in the primary alone.
    const prepared = lines.filter((line) => line.msg === 'database migrated');
    expect(prepared.map((line) => line.pid)).toEqual([server.pid]);

    const answeredBy = async () => {
      for (let i = 0; i < 20; i++) expect(await getStatus(port, '/api/config')).toBe(200);
      return new Set(
        lines
          .filter((line) => line.msg === 'incoming request' && workers.has(line.pid))
          .map((line) => line.pid),
      );
    };
    expect(await answeredBy()).toEqual(workers);

    const [victim] = workers;
    process.kill(victim as number, 'SIGKILL');
    const replacement = await waitForLine(
      (line) => line.msg.startsWith('Imprint is serving') && !workers.has(line.pid),
    );
    expect(await getStatus(port, '/api/config')).toBe(200);
    expect(replacement.pid).not.toBe(victim);

    server.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, 180_000);
});
