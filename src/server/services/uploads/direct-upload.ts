import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, gt } from 'drizzle-orm';
import {
  AUDIO_TOO_LARGE,
  checkUploadAudio,
  checkUploadImage,
  type GenerateUploadUrlPayload,
  type GenerateUploadUrlResponse,
  IMAGE_TOO_LARGE,
  type ProcessUploadPayload,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { ResumableUploads } from '../../providers';
import type { StorageProvider } from '../../providers/storage/storage';
import { checkUploadToken, signUploadToken } from '../files/signed-urls';
import type { LinkSigner } from './present-upload';
import { readHeader } from './read-header';
import { forgetResumableUpload, resumableKeyPrefix, takeResumableUpload } from './resumable-uploads';
import { finishUpload, type StagedBytes, stageBytes, type UploadRow } from './store-upload';
import { stagingKey } from './upload-keys';

/** A direct-upload URL works for an hour: long enough for 200 MB on a slow line. */
const directUploadLifetimeSeconds = 3600;

export const uploadNotFound = 'Upload not found';

/** 503 tells the browser to use the standard upload instead (spec 001 §4, §7). */
export function directUploadUnavailable(): AppError {
  return new AppError(503, 'Direct upload is not available');
}

function bucketNameOf(config: AppConfig): string {
  return config.storage.driver === 's3' ? config.storage.bucket : 'local';
}

/** Without a session id, a direct upload is its own session: only its id (random) can finish it. */
function sessionOf(sessionId: string | undefined, fileId: string): string {
  return sessionId ?? `file-${fileId}`;
}

/**
 * Step 1 of the direct path (spec 001 §4): checks name, type and size up front, records a staged
 * upload, and answers a URL the browser PUTs the file to — a presigned S3 URL, or Imprint's own
 * signed endpoint with local storage.
 */
export async function createDirectUpload(
  deps: { db: Database; storage: StorageProvider; signer: LinkSigner; config: AppConfig },
  payload: GenerateUploadUrlPayload,
  uploaderUserId: string | undefined,
): Promise<GenerateUploadUrlResponse> {
  if (!deps.config.directUploads) throw directUploadUnavailable();
  const file = { name: payload.fileName, type: payload.contentType, size: payload.fileSize };
  const problem = payload.fileType === 'track' ? checkUploadAudio(file) : checkUploadImage(file);
  if (problem)
    throw new AppError(problem === AUDIO_TOO_LARGE || problem === IMAGE_TOO_LARGE ? 413 : 400, problem);

  const fileId = randomUUID();
  const expires = Math.floor(Date.now() / 1000) + directUploadLifetimeSeconds;
  await deps.db.insert(uploads).values({
    id: fileId,
    status: 'staged',
    sessionId: sessionOf(payload.sessionId, fileId),
    storageKey: stagingKey(fileId),
    fileType: payload.fileType,
    uploadMethod: 'CLOUD_STORAGE_DIRECT',
    originalName: payload.fileName,
    originalSize: payload.fileSize,
    contentType: payload.contentType,
    artistName: payload.artistName,
    uploaderUserId: uploaderUserId ?? null,
    expiresAt: new Date(expires * 1000),
  });
  const presigned = await deps.storage.createPresignedUpload?.(stagingKey(fileId), {
    contentType: payload.contentType,
    contentLength: payload.fileSize,
    expiresInSeconds: directUploadLifetimeSeconds,
  });
  const uploadUrl =
    presigned?.url ??
    `${deps.signer.publicUrl}/api/storage/direct/${fileId}?${new URLSearchParams({
      expires: String(expires),
      signature: signUploadToken(deps.signer.key, fileId, expires),
    })}`;
  return { uploadUrl, fileName: fileId, bucketName: bucketNameOf(deps.config) };
}

async function findStaged(db: Database, fileId: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, fileId), eq(uploads.status, 'staged'), gt(uploads.expiresAt, new Date())));
  return row;
}

function incomplete(expected: number, received: number): AppError {
  return badRequest(`The upload was incomplete: expected ${expected} bytes, received ${received}`);
}

/** Step 2 with local storage: the signed PUT streams the body into the staging object. */
export async function acceptDirectUpload(
  deps: { db: Database; storage: StorageProvider; signer: LinkSigner },
  fileId: string,
  token: { expires: number; signature: string },
  body: Readable,
): Promise<void> {
  const check = checkUploadToken(deps.signer.key, fileId, token.expires, token.signature, Date.now() / 1000);
  if (check !== 'valid') {
    body.resume();
    throw forbidden(check === 'expired' ? 'This upload link has expired' : 'Invalid upload link');
  }
  const row = await findStaged(deps.db, fileId);
  if (!row) {
    body.resume();
    throw notFound(uploadNotFound);
  }
  const fileType = row.fileType === 'track' ? 'track' : 'artwork';
  const staged = await stageBytes(deps.storage, body, {
    maxBytes: row.originalSize,
    fileType,
    fileId,
    ...(row.contentType ? { contentType: row.contentType } : {}),
  }).catch((error: unknown) => {
    // The limit here is the size announced when the URL was made, not the type's 200/20 MB.
    if (error instanceof AppError && error.statusCode === 413) {
      throw new AppError(413, `The upload is larger than the announced ${row.originalSize} bytes`, {
        headers: { connection: 'close' },
      });
    }
    throw error;
  });
  if (staged.size !== row.originalSize) {
    await deps.storage.delete(staged.key);
    throw incomplete(row.originalSize, staged.size);
  }
}

/** What a signed PUT (or presigned S3 PUT) left in the staging object. */
async function stagedDirectUpload(
  storage: StorageProvider,
  row: UploadRow,
): Promise<StagedBytes | 'incomplete'> {
  const stored = await storage.head(row.storageKey);
  if (!stored) return 'incomplete';
  if (stored.size !== row.originalSize) {
    await storage.delete(row.storageKey);
    throw incomplete(row.originalSize, stored.size);
  }
  const header = await readHeader(storage, row.storageKey, stored.size);
  return { fileId: row.id, key: row.storageKey, size: stored.size, header };
}

/**
 * Step 3 of the direct path, and the end of a resumable upload: checks what arrived by its
 * content and files it like a standard upload. Answers the file and which way its bytes came.
 */
export async function processDirectUpload(
  deps: { db: Database; storage: StorageProvider; resumable: ResumableUploads },
  payload: ProcessUploadPayload,
  uploaderUserId: string | undefined,
): Promise<{ row: UploadRow; via: 'direct' | 'resumable' }> {
  const fileId = payload.fileName;
  const row = /^[0-9a-f-]{36}$/.test(fileId) ? await findStaged(deps.db, fileId) : undefined;
  // Another session's upload answers exactly like a missing one.
  if (!row || row.sessionId !== sessionOf(payload.sessionId, fileId) || payload.fileType !== row.fileType) {
    throw notFound(uploadNotFound);
  }
  const resumable = row.storageKey.startsWith(resumableKeyPrefix);
  const staged = resumable
    ? await takeResumableUpload({ resumable: deps.resumable, storage: deps.storage }, row)
    : await stagedDirectUpload(deps.storage, row);
  if (staged === 'incomplete') throw badRequest('The file has not been uploaded yet');
  try {
    const stored = await finishUpload(
      deps,
      staged,
      {
        sessionId: row.sessionId,
        fileType: payload.fileType,
        artistName: payload.artistName,
        trackTitle: payload.trackTitle,
        releaseTitle: payload.releaseTitle,
        originalName: row.originalName,
        contentType: row.contentType ?? undefined,
        uploaderUserId: uploaderUserId ?? row.uploaderUserId ?? undefined,
        uploadMethod: 'CLOUD_STORAGE_DIRECT',
      },
      row.id,
    );
    return { row: stored, via: resumable ? 'resumable' : 'direct' };
  } finally {
    if (resumable) await forgetResumableUpload(deps, row.id);
  }
}
