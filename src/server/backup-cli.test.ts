import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseInUseMessage, runBackup, runRestore } from './backup-cli';
import { BACKUP_SECRET_HEADER, writeBackupRequest } from './services/backup/backup-requests';
import { closedPort } from './test/ports';
import { createTestContext, type TestContext } from './test/test-context';

/**
 * `npm run imprint -- backup` beside a server that has the embedded database open: PGlite cannot be
 * opened twice, so the command asks the server (a request file in DATA_DIR, its secret, then the
 * server's progress), and refuses clearly when nothing answers. `restore` refuses a DATA_DIR with a
 * database in it.
 */

let ctx: TestContext;
let work: string;

function output() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      text += String(chunk);
      callback();
    },
  });
  return { stream, text: () => text };
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-backup-cli-'));
  ctx = await createTestContext();
  // What PGlite leaves in DATA_DIR/db while a process has it open (the test's own is in memory).
  await fs.mkdir(path.join(ctx.dataDir, 'db'), { recursive: true });
  await fs.writeFile(path.join(ctx.dataDir, 'db', 'postmaster.pid'), '-42\n');
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('the backup command beside a running server', () => {
  it('has the server write the archive', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const [stdout, stderr] = [output(), output()];
    const file = path.join(work, 'through-server.zip');
    const code = await runBackup({ ...ctx.config, host: '127.0.0.1', port }, [file], {
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    expect(stderr.text()).toBe('');
    expect(code).toBe(0);
    expect(stdout.text()).toContain(`Backup written: ${file}`);
    expect((await fs.stat(file)).size).toBeGreaterThan(0);
    // The request was used up.
    expect(await fs.readdir(path.join(ctx.dataDir, 'backup-requests'))).toEqual([]);
  });

  it('refuses, saying why, when no server answers', async () => {
    const stderr = output();
    const file = path.join(work, 'nobody.zip');
    const code = await runBackup({ ...ctx.config, host: '127.0.0.1', port: await closedPort() }, [file], {
      stdout: output().stream,
      stderr: stderr.stream,
    });
    expect(code).toBe(1);
    expect(stderr.text()).toContain('no Imprint server took the backup request');
    expect(stderr.text()).toContain('PGlite cannot be opened by two processes at once');
    await expect(fs.stat(file)).rejects.toThrow();
  });

  it('is refused by the server without the request file and its secret', async () => {
    const { id, secret } = await writeBackupRequest(ctx.dataDir, path.join(work, 'never.zip'));
    const url = `/api/backup/requests/${id}`;
    const wrong = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { [BACKUP_SECRET_HEADER]: `${secret}x` },
    });
    expect(wrong.statusCode).toBe(404);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/backup/requests/00000000-0000-4000-8000-000000000000',
      headers: { [BACKUP_SECRET_HEADER]: secret },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the database commands', () => {
  it('are refused while the embedded database is open elsewhere', () => {
    expect(embeddedDatabaseInUseMessage(ctx.config)).toContain('is open in another process');
    expect(
      embeddedDatabaseInUseMessage({ ...ctx.config, databaseUrl: 'postgres://db/imprint' }),
    ).toBeUndefined();
  });

  it('restore refuses a DATA_DIR that holds a database', async () => {
    const stderr = output();
    const code = await runRestore(ctx.config, [path.join(work, 'through-server.zip')], {
      stdout: output().stream,
      stderr: stderr.stream,
    });
    expect(code).toBe(1);
    expect(stderr.text()).toContain('Refusing to restore over existing data');
    expect(await fs.readdir(path.join(ctx.dataDir, 'db'))).toEqual(['postmaster.pid']);
  });
});
