import { and, eq, isNull } from 'drizzle-orm';
import { isRecordId, type SessionUser } from '../../../domain';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema';
import { notFound } from '../../errors';
import { uploadsVisibleTo } from '../../policies/uploads';
import { type LinkSigner, signFileUrl } from '../files/signed-urls';

export const ARTIST_FILE_NOT_FOUND = 'File not found';
/** The fresh link is for the download that follows at once. */
const LINK_SECONDS = 15 * 60;

/**
 * GET /api/artist/files/:fileId: the link a data export gives for each of the artist's files, which
 * lasts as long as the file (the archive is kept for years): it answers a fresh signed link to
 * `/files/…`, bound to the session asking, for a file this artist may see. Another artist's file,
 * an unknown one and one deleted by an erasure are the same 404.
 */
export async function artistFileLink(
  deps: { db: Executor; signer: LinkSigner },
  user: SessionUser,
  fileId: string,
  nowMs = Date.now(),
): Promise<string> {
  if (!isRecordId(fileId)) throw notFound(ARTIST_FILE_NOT_FOUND);
  const [row] = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.id, fileId),
        eq(uploads.status, 'ready'),
        isNull(uploads.deletedAt),
        uploadsVisibleTo(user),
      ),
    );
  if (!row) throw notFound(ARTIST_FILE_NOT_FOUND);
  return signFileUrl(
    deps.signer,
    { fileId: row.id, disposition: 'attachment', expires: Math.floor(nowMs / 1000) + LINK_SECONDS },
    nowMs,
  );
}
