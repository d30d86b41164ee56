import { randomUUID } from 'node:crypto';
import { finished, type Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import {
  AUDIO_TOO_LARGE,
  IMAGE_TOO_LARGE,
  MAX_AUDIO_MB,
  MAX_IMAGE_MB,
  type UploadFileType,
} from '../../../domain';
import { BYTES_PER_MB } from '../../../domain/files/file-like';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';
import { SizeLimitExceededError, type StorageProvider } from '../../providers/storage/storage';
import { HeaderCapture, inspectImageFile, inspectUpload } from './inspect-upload';
import { stagingKey, uploadKey } from './upload-keys';

export type UploadRow = typeof uploads.$inferSelect;
export const imageVariantsJobType = 'uploads.image-variants' satisfies JobName;

/** The spec's limits (001 §9): 200 MB for audio, 20 MB for images. */
export function maxBytesFor(fileType: UploadFileType): number {
  return (fileType === 'track' ? MAX_AUDIO_MB : MAX_IMAGE_MB) * BYTES_PER_MB;
}

export function tooLarge(fileType: UploadFileType): AppError {
  return new AppError(413, fileType === 'track' ? AUDIO_TOO_LARGE : IMAGE_TOO_LARGE, {
    headers: { connection: 'close' },
  });
}

export interface StagedBytes {
  fileId: string;
  key: string;
  size: number;
  /** The first bytes of the file, for the content check. */
  header: Buffer;
}

/**
 * Streams bytes into a staging object, refusing them as soon as `maxBytes` is passed (nothing
 * stays behind), while keeping the first bytes for the content check. The file is never held in
 * memory.
 */
export async function stageBytes(
  storage: StorageProvider,
  body: Readable,
  options: { maxBytes: number; fileType: UploadFileType | undefined; contentType?: string; fileId?: string },
): Promise<StagedBytes> {
  const fileId = options.fileId ?? randomUUID();
  const key = stagingKey(fileId);
  const capture = new HeaderCapture();
  try {
    // pipe() does not pass errors on: a body that fails (a multipart request cut short, a dropped
    // connection) must fail the write too, or it would wait for bytes that never come;
    // finished() also reports a body that failed before it got here (a multipart part
    // destroyed by the parser before the route read it). The body itself is left alone, so the
    // answer can still be written to its socket.
    finished(body, { writable: false }, (error) => {
      if (error) capture.destroy(error);
    });
    // The storage's own pipeline sees the capture's error (its errored state) once it reads it; until
    // then an 'error' event with no listener would be an uncaught exception.
    capture.on('error', () => {});
    const stored = await storage.put(key, body.pipe(capture), {
      maxBytes: options.maxBytes,
      ...(options.contentType ? { contentType: options.contentType } : {}),
    });
    return { fileId, key, size: stored.size, header: capture.header };
  } catch (error) {
    body.resume(); // let the rest of the request drain instead of stalling the socket
    if (error instanceof SizeLimitExceededError) throw tooLarge(options.fileType ?? 'track');
    throw error;
  }
}

export interface UploadDetails {
  sessionId: string;
  fileType: UploadFileType;
  artistName: string;
  trackTitle?: string | undefined;
  releaseTitle?: string | undefined;
  originalName: string;
  contentType?: string | undefined;
  uploaderUserId?: string | undefined;
  uploadMethod: 'APP_ENGINE' | 'CLOUD_STORAGE_DIRECT';
}

/**
 * Turns staged bytes into a file: checks the size for its type and the content (a WAV must parse,
 * an image must decode within the pixel bound), moves it under the artist's folder, records it,
 * and asks for image variants. On any refusal the staged bytes are deleted.
 */
export async function finishUpload(
  deps: { db: Database; storage: StorageProvider },
  staged: StagedBytes,
  details: UploadDetails,
  existingRowId?: string,
): Promise<UploadRow> {
  const { db, storage } = deps;
  let finalKey: string | undefined;
  try {
    if (staged.size > maxBytesFor(details.fileType)) throw tooLarge(details.fileType);
    const expected = details.fileType === 'track' ? 'audio' : 'image';
    let checked = await inspectUpload(staged.header, staged.size, expected);
    // A JPEG with over 1 MiB of metadata before its frame header: read the whole (≤ 20 MB) image.
    if (!checked.ok && checked.headerTooShort && expected === 'image') {
      checked = await inspectImageFile(await storage.get(staged.key));
    }
    if (!checked.ok) throw badRequest(checked.message);
    const inspection = checked.inspection;
    finalKey = uploadKey({
      artistName: details.artistName,
      sessionId: details.sessionId,
      fileType: details.fileType,
      fileId: staged.fileId,
      extension: inspection.extension,
    });
    await storage.move(staged.key, finalKey);
    const key = finalKey;
    return await db.transaction(async (tx) => {
      const values = {
        status: 'ready' as const,
        sessionId: details.sessionId,
        storageKey: key,
        fileType: details.fileType,
        uploadMethod: details.uploadMethod,
        originalName: details.originalName,
        originalSize: staged.size,
        contentType: inspection.mime,
        artistName: details.artistName,
        trackTitle: details.trackTitle ?? null,
        releaseTitle: details.releaseTitle ?? null,
        media: inspection,
        uploaderUserId: details.uploaderUserId ?? null,
        expiresAt: null,
        updatedAt: new Date(),
      };
      const [row] = existingRowId
        ? await tx.update(uploads).set(values).where(eq(uploads.id, existingRowId)).returning()
        : await tx
            .insert(uploads)
            .values({ id: staged.fileId, ...values })
            .returning();
      if (!row) throw new Error('finishUpload: no row written');
      // sharp has no BMP decoder: BMP artwork is kept as sent, without variants.
      if (inspection.kind === 'image' && inspection.format !== 'bmp') {
        await enqueueJob(tx, imageVariantsJobType, { uploadId: row.id }, { uniqueKey: `variants:${row.id}` });
      }
      return row;
    });
  } catch (error) {
    await Promise.all([storage.delete(staged.key), finalKey ? storage.delete(finalKey) : Promise.resolve()]);
    throw error;
  }
}
