import type { Executor } from '../../db/client';
import { tooManyRequests } from '../../errors';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';

/** Uploads per IP address per hour: generous for a 20-track release, a wall for a disk-filling script. */
const UPLOADS_PER_HOUR = 120;

/**
 * One budget per IP for every way an upload starts: the standard upload, a direct upload's signed
 * URL, a resumable upload's creation.
 */
export async function limitUploads(executor: Executor, ip: string): Promise<void> {
  const limit = await consumeRateLimit(executor, `uploads:ip:${ip}`, UPLOADS_PER_HOUR, 3600);
  if (!limit.allowed) {
    throw tooManyRequests('Too many uploads from your network. Try again later.', limit.retryAfterSeconds);
  }
}
