import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { BackupSummary } from './create-backup';

/**
 * `npm run imprint -- backup FILE` while a server runs on the embedded database: PGlite lives in
 * the server's process and cannot be opened by a second one, so the command asks the server to
 * write the archive. It proves it may by writing a request into DATA_DIR (only someone who can
 * write there, and so could read the database files anyway, can ask): a file named by a random id
 * holding a random secret and the archive's path. The server takes the request (the file is
 * deleted), checks the secret, writes the archive in the background and answers its progress to
 * whoever holds the id and the secret.
 */
export const BACKUP_REQUESTS_FOLDER = 'backup-requests';
export const BACKUP_SECRET_HEADER = 'x-imprint-backup-secret';

const requestFileSchema = z.object({ secret: z.string().min(32), file: z.string().min(1) });
const requestIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const digest = (secret: string) => createHash('sha256').update(secret).digest();

function sameSecret(expected: Buffer, given: string): boolean {
  return timingSafeEqual(expected, digest(given));
}

/** The command's side: a request file for `file` (an absolute path). */
export async function writeBackupRequest(
  dataDir: string,
  file: string,
): Promise<{ id: string; secret: string }> {
  const folder = path.join(dataDir, BACKUP_REQUESTS_FOLDER);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  await fs.writeFile(path.join(folder, `${id}.json`), JSON.stringify({ secret, file }), {
    mode: 0o600,
    flag: 'wx',
  });
  return { id, secret };
}

export async function removeBackupRequest(dataDir: string, id: string): Promise<void> {
  if (requestIdPattern.test(id))
    await fs.rm(path.join(dataDir, BACKUP_REQUESTS_FOLDER, `${id}.json`), { force: true });
}

/** The server's side: the request's archive path when the id names one and the secret is its own; it is used up. */
export async function takeBackupRequest(
  dataDir: string,
  id: string,
  secret: string,
): Promise<string | undefined> {
  if (!requestIdPattern.test(id)) return undefined;
  const file = path.join(dataDir, BACKUP_REQUESTS_FOLDER, `${id}.json`);
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let parsed: z.infer<typeof requestFileSchema>;
  try {
    parsed = requestFileSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
  if (!sameSecret(digest(parsed.secret), secret) || !path.isAbsolute(parsed.file)) return undefined;
  await fs.rm(file, { force: true });
  return parsed.file;
}

export type BackupRequestState =
  | { state: 'running' }
  | { state: 'done'; summary: BackupSummary }
  | { state: 'failed'; error: string };

interface Tracked {
  secret: Buffer;
  state: BackupRequestState;
  endedAt?: number;
}

/** How long a finished request's outcome can still be asked for. */
const KEPT_MS = 60 * 60_000;

/** The server's requested backups, one at a time, with their outcome for an hour after. */
export class BackupRequests {
  private readonly requests = new Map<string, Tracked>();

  get running(): boolean {
    return [...this.requests.values()].some((request) => request.state.state === 'running');
  }

  start(id: string, secret: string, run: () => Promise<BackupSummary>): void {
    const tracked: Tracked = { secret: digest(secret), state: { state: 'running' } };
    this.requests.set(id, tracked);
    run().then(
      (summary) => {
        tracked.state = { state: 'done', summary };
        tracked.endedAt = Date.now();
      },
      (error: unknown) => {
        tracked.state = { state: 'failed', error: error instanceof Error ? error.message : String(error) };
        tracked.endedAt = Date.now();
      },
    );
  }

  state(id: string, secret: string): BackupRequestState | undefined {
    const now = Date.now();
    for (const [key, request] of this.requests)
      if (request.endedAt !== undefined && now - request.endedAt > KEPT_MS) this.requests.delete(key);
    const tracked = this.requests.get(id);
    return tracked && sameSecret(tracked.secret, secret) ? tracked.state : undefined;
  }
}
