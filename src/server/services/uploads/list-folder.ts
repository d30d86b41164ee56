import { asc, like } from 'drizzle-orm';
import type { UploadFileType } from '../../../domain';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { fileLinks, type LinkSigner } from './present-upload';

/** Folder ids as presentUpload makes them: `{slug}-{16 hex}` and its `.audio` / `.images` children. */
export const folderIdPattern = /^([a-z0-9]+(?:-[a-z0-9]+)*-[0-9a-f]{16})(?:\.(audio|images))?$/;

/** The files of an artist's upload folder, with fresh signed links (staff open it from a board item). */
export async function listFolder(db: Database, signer: LinkSigner, folderId: string) {
  const match = folderIdPattern.exec(folderId);
  if (!match) return undefined;
  const [, artistFolder, kind] = match;
  // The pattern admits no % or _, so the id is safe inside LIKE.
  const prefix = `uploads/${artistFolder}/${kind ? `${kind}/` : ''}`;
  const rows = await db
    .select()
    .from(uploads)
    .where(like(uploads.storageKey, `${prefix}%`))
    .orderBy(asc(uploads.createdAt));
  return rows.map((row) => ({
    fileId: row.id,
    fileName: row.originalName,
    fileType: row.fileType as UploadFileType,
    size: row.originalSize,
    media: row.media,
    uploadedAt: row.createdAt.toISOString(),
    ...fileLinks(signer, row.id, 3600),
  }));
}
