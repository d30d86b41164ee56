import type { UploadFileType, UploadResult } from '../../../domain';
import { type LinkSigner, signFileUrl } from '../files/signed-urls';
import type { UploadRow } from './store-upload';
import { artistFolderId, folderKindOf } from './upload-keys';

/**
 * How long the links in an upload result work when bound to the signed-in artist's session: long
 * enough to finish the form. A visitor's are capped at 15 minutes (signed-urls.ts); the form asks
 * for fresh ones (POST /api/storage/file-links) when it needs them later.
 */
export const uploadLinkLifetimeSeconds = 24 * 3600;

export type { LinkSigner };

/** Signed links to a file: `url` shows it in the browser, `downloadUrl` saves it. */
export function fileLinks(signer: LinkSigner, fileId: string, lifetimeSeconds: number, now = Date.now()) {
  const expires = Math.floor(now / 1000) + lifetimeSeconds;
  return {
    url: signFileUrl(signer, { fileId, disposition: 'inline', expires }, now),
    downloadUrl: signFileUrl(signer, { fileId, disposition: 'attachment', expires }, now),
  };
}

/** The artist's folder and its audio and images folders, as staff open them (spec 001 §3). */
export function folderStructure(publicUrl: string, artistName: string, sessionId: string) {
  const artist = artistFolderId(artistName, sessionId);
  const folder = (id: string) => ({ id, url: `${publicUrl}/api/storage/folders/${encodeURIComponent(id)}` });
  return { artist: folder(artist), audio: folder(`${artist}.audio`), images: folder(`${artist}.images`) };
}

/** The spec's upload result for a stored file. */
export function presentUpload(signer: LinkSigner, row: UploadRow): UploadResult {
  const fileType = row.fileType as UploadFileType;
  return {
    success: true,
    fileId: row.id,
    ...fileLinks(signer, row.id, uploadLinkLifetimeSeconds),
    fileName: row.originalName,
    artistName: row.artistName,
    fileType,
    folderType: folderKindOf(fileType),
    folderStructure: folderStructure(signer.publicUrl, row.artistName, row.sessionId),
    uploadMethod: row.uploadMethod,
    originalSize: row.originalSize,
    sessionId: row.sessionId,
  };
}
