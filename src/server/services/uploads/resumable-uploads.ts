import { randomUUID } from 'node:crypto';
import { Server } from '@tus/server';
import { eq } from 'drizzle-orm';
import {
  AUDIO_TOO_LARGE,
  checkUploadAudio,
  checkUploadImage,
  IMAGE_TOO_LARGE,
  uploadFileTypeSchema,
} from '../../../domain';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import type { ResumableStore } from '../../providers';
import type { StorageProvider } from '../../providers/storage/storage';
import { maxBytesFor, type StagedBytes, stageBytes } from './store-upload';
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
  store: ResumableStore;
  uploaderOf: (req: Request) => string | undefined;
}) {
  return new Server({
    path: resumablePath,
    datastore: deps.store,
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
  });
}

/**
 * Moves a completed resumable upload from the tus store into staging storage (bounded by the
 * announced size), then removes it from the tus store.
 */
export async function takeResumableUpload(
  deps: { db: Database; store: ResumableStore; storage: StorageProvider },
  row: typeof uploads.$inferSelect,
): Promise<StagedBytes | 'incomplete'> {
  const upload = await deps.store.getUpload(row.id);
  if (upload.size === undefined || upload.offset !== upload.size) return 'incomplete';
  const body = await deps.store.read(row.id);
  const staged = await stageBytes(deps.storage, body, {
    maxBytes: row.originalSize,
    fileType: row.fileType === 'track' ? 'track' : 'artwork',
    fileId: row.id,
    ...(row.contentType ? { contentType: row.contentType } : {}),
  });
  await deps.store.remove(row.id);
  await deps.db.update(uploads).set({ storageKey: staged.key }).where(eq(uploads.id, row.id));
  return staged;
}
