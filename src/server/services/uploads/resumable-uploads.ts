import { randomUUID } from 'node:crypto';
import { Server } from '@tus/server';
import { and, eq } from 'drizzle-orm';
import {
  AUDIO_TOO_LARGE,
  checkUploadAudio,
  checkUploadImage,
  IMAGE_TOO_LARGE,
  isRecordId,
  RESUMABLE_CHUNK_TOO_LONG,
  STORAGE_FULL,
  uploadFileTypeSchema,
} from '../../../domain';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import type { ResumableUploads } from '../../providers';
import type { StorageProvider } from '../../providers/storage/storage';
import {
  isNoSpaceError,
  type StorageFullError,
  type StorageSpace,
  storageFailure,
} from '../../providers/storage/storage-full';
import { readHeader } from './read-header';
import { streamPatchBodiesFromTheSocket } from './resumable-patch-bodies';
import { maxBytesFor, type StagedBytes, tooLarge } from './store-upload';
import { sessionIdPattern } from './upload-keys';

export const resumablePath = '/api/uploads/resumable';
/** Staged rows of resumable uploads point at the tus store, not at storage. */
export const resumableKeyPrefix = 'resumable/';
/** An interrupted upload can be resumed for a day. */
const resumableLifetimeMs = 24 * 3600_000;

/** tus answers errors as `{ status_code, body }`; the body is the spec's message. */
function refuse(status: number, message: string): { status_code: number; body: string } {
  return { status_code: status, body: message };
}

/**
 * Resumable uploads (the tus protocol, beyond the spec): a dropped connection or a restarted server
 * costs only the bytes after the last acknowledged offset. Creating an upload checks its name,
 * type and size like the direct path and records a staged upload; when the bytes are complete the
 * client calls process-upload, which checks the content and files it like any other upload.
 */
export function createResumableServer(deps: {
  db: Database;
  resumable: ResumableUploads;
  storage: StorageProvider;
  storageSpace: StorageSpace;
  uploaderOf: (req: Request) => string | undefined;
}) {
  // The upload each creation request made, for a creation that fails after its row was written.
  const created = new WeakMap<Request, string>();
  const server = new Server({
    path: resumablePath,
    datastore: deps.resumable.store,
    relativeLocation: true,
    // Same origin only: no CORS headers at all.
    allowedOrigins: [],
    maxSize: maxBytesFor('track'),
    namingFunction: () => randomUUID(),
    async onUploadCreate(req, upload) {
      const meta = upload.metadata ?? {};
      const fileType = uploadFileTypeSchema.safeParse(meta.fileType);
      const artistName = meta.artistName?.trim();
      const name = meta.filename?.trim() || 'upload';
      const type = meta.filetype ?? '';
      if (!fileType.success || !artistName)
        throw refuse(400, 'Upload metadata needs fileType and artistName');
      if (upload.size === undefined) throw refuse(400, 'Upload-Length is required');
      if (meta.sessionId && !sessionIdPattern.test(meta.sessionId)) throw refuse(400, 'Invalid session id');
      const file = { name, type, size: upload.size };
      const problem = fileType.data === 'track' ? checkUploadAudio(file) : checkUploadImage(file);
      if (problem)
        throw refuse(problem === AUDIO_TOO_LARGE || problem === IMAGE_TOO_LARGE ? 413 : 400, problem);
      created.set(req, upload.id);
      await deps.db.insert(uploads).values({
        id: upload.id,
        status: 'staged',
        sessionId: meta.sessionId ?? `file-${upload.id}`,
        storageKey: `${resumableKeyPrefix}${upload.id}`,
        fileType: fileType.data,
        uploadMethod: 'CLOUD_STORAGE_DIRECT',
        originalName: name,
        originalSize: upload.size,
        contentType: type || null,
        artistName,
        uploaderUserId: deps.uploaderOf(req) ?? null,
        expiresAt: new Date(Date.now() + resumableLifetimeMs),
      });
      return {};
    },
    /**
     * A chunk that runs past the upload's declared length (413: its Content-Length says so, or,
     * sent without one, the bytes overflow while being stored) comes from a broken or hostile
     * client: the upload ends here, and what it stored is deleted now rather than by the hourly
     * clean-up. tus has released the upload's lock by the time this runs.
     */
    async onResponseError(req, error) {
      // No room in storage (the tus store's own file system or bucket): the upload ends cleanly,
      // its bytes and row deleted at once, and the client is told in words; a later attempt starts
      // a new upload. Keeping the part would hold the space that every other write needs.
      if (isNoSpaceError(error)) {
        deps.storageSpace.noteFull(storageFailure(error) as StorageFullError);
        const id = req.method === 'POST' ? created.get(req) : uploadIdOf(req);
        if (id && isRecordId(id)) await discardResumableUpload(deps, id);
        return refuse(507, STORAGE_FULL);
      }
      if (req.method !== 'PATCH' || !('status_code' in error) || error.status_code !== 413) return undefined;
      const id = uploadIdOf(req);
      if (isRecordId(id)) await discardResumableUpload(deps, id);
      return refuse(413, RESUMABLE_CHUNK_TOO_LONG);
    },
  });
  streamPatchBodiesFromTheSocket(server);
  return server;
}

function uploadIdOf(req: Request): string {
  return new URL(req.url).pathname.slice(resumablePath.length + 1);
}

/** Ends a resumable upload that was never filed: its bytes, the store's records, its staged row. */
async function discardResumableUpload(
  deps: { db: Database; resumable: ResumableUploads; storage: StorageProvider },
  id: string,
) {
  await forgetResumableUpload(deps, id);
  await deps.db.delete(uploads).where(and(eq(uploads.id, id), eq(uploads.status, 'staged')));
}

/**
 * A completed resumable upload, as staged bytes: they already sit in storage under the tus store's
 * key, so finishing it is a rename (or an S3 server-side copy).
 */
export async function takeResumableUpload(
  deps: { resumable: ResumableUploads; storage: StorageProvider },
  row: typeof uploads.$inferSelect,
): Promise<StagedBytes | 'incomplete'> {
  const upload = await deps.resumable.store.getUpload(row.id).catch(() => undefined);
  if (upload?.size === undefined || upload.offset !== upload.size) return 'incomplete';
  if (upload.size > row.originalSize) throw tooLarge(row.fileType === 'track' ? 'track' : 'artwork');
  const key = deps.resumable.keyOf(row.id);
  return { fileId: row.id, key, size: upload.size, header: await readHeader(deps.storage, key, upload.size) };
}

/** Removes what the tus store keeps about an upload (its bytes too, if they were not taken). */
export async function forgetResumableUpload(
  deps: { resumable: ResumableUploads; storage: StorageProvider },
  id: string,
) {
  await deps.resumable.store.remove(id).catch(() => undefined);
  await Promise.all(deps.resumable.bookkeepingKeysOf(id).map((key) => deps.storage.delete(key)));
}
