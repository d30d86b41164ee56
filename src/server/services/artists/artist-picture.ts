import { and, eq, sql } from 'drizzle-orm';
import { isRecordId, type SessionUser } from '../../../domain';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema';
import { signFileUrl } from '../files/signed-urls';
import type { LinkSigner } from '../uploads/present-upload';

/**
 * `artists.picture` names an upload as `upload:<fileId>`: files leave Imprint only through signed,
 * expiring links, so the column keeps what stays true (which file) and every answer signs a link.
 */
const UPLOAD_PREFIX = 'upload:';
const DAY_SECONDS = 86_400;

export function pictureValueOf(fileId: string): string {
  return `${UPLOAD_PREFIX}${fileId}`;
}

export function pictureFileIdOf(value: string | null | undefined): string | null {
  if (!value?.startsWith(UPLOAD_PREFIX)) return null;
  const fileId = value.slice(UPLOAD_PREFIX.length);
  return isRecordId(fileId) ? fileId : null;
}

/**
 * A signed link to the picture. Bound to the requester's session, it expires at the end of the next
 * UTC day, so every answer of the same day carries the same URL and the browser's cache keeps the
 * avatar between page loads; unbound, it works 15 minutes (signed-urls.ts).
 */
export function presentPicture(
  signer: LinkSigner,
  value: string | null | undefined,
  now = Date.now(),
): string | null {
  if (!value) return null;
  const fileId = pictureFileIdOf(value);
  if (!fileId) return /^https:\/\/\S+$/i.test(value) ? value : null;
  const expires = (Math.floor(now / 1000 / DAY_SECONDS) + 2) * DAY_SECONDS;
  return signFileUrl(signer, { fileId, disposition: 'inline', expires }, now);
}

/** The session's user as the API shows it: the picture as a link the browser can load. */
export function presentSessionUser<U extends SessionUser>(signer: LinkSigner, user: U, now = Date.now()): U {
  return { ...user, picture: presentPicture(signer, user.picture, now) };
}

/**
 * An image this user uploaded, ready and checked: the only files an artist may make their picture
 * or a release's artwork. Upload ids travel through the browser, so the id alone proves nothing.
 */
export async function isOwnReadyImage(executor: Executor, userId: string, fileId: string): Promise<boolean> {
  if (!isRecordId(fileId)) return false;
  const [row] = await executor
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.id, fileId),
        eq(uploads.status, 'ready'),
        eq(uploads.uploaderUserId, userId),
        sql`${uploads.media}->>'kind' = 'image'`,
      ),
    );
  return row !== undefined;
}

/** Keeps the file from the abandoned-upload clean-up, which removes unclaimed files after a day. */
export async function claimUpload(executor: Executor, fileId: string, now: Date): Promise<void> {
  await executor
    .update(uploads)
    .set({
      claimedAt: sql`coalesce(${uploads.claimedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(uploads.id, fileId));
}
