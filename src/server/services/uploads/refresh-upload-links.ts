import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { fileLinks, type LinkSigner, uploadLinkLifetimeSeconds } from './present-upload';

/**
 * Fresh links to files a form uploaded: the ready files among `fileIds` that belong
 * to upload session `sessionId` and are not yet part of a submission. The session id is the form's
 * own (a random id kept with its draft), so the answer reveals nothing a visitor did not upload;
 * ids of other sessions are left out as if unknown. The links are the signer's: bound to a
 * signed-in requester's session, otherwise 15 minutes.
 */
export async function refreshUploadLinks(
  deps: { db: Database; signer: LinkSigner },
  sessionId: string,
  fileIds: readonly string[],
): Promise<Array<{ fileId: string; url: string; downloadUrl: string }>> {
  const rows = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, [...fileIds]),
        eq(uploads.sessionId, sessionId),
        eq(uploads.status, 'ready'),
        isNull(uploads.claimedAt),
      ),
    );
  const now = Date.now();
  return rows.map((row) => ({
    fileId: row.id,
    ...fileLinks(deps.signer, row.id, uploadLinkLifetimeSeconds, now),
  }));
}
