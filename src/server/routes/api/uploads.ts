import { type Readable, Stream } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkUploadFileName,
  fileLinksPayloadSchema,
  fileLinksResponseSchema,
  generateUploadUrlPayloadSchema,
  generateUploadUrlResponseSchema,
  processUploadPayloadSchema,
  UPLOAD_REQUEST_MESSAGES,
  uploadFieldsSchema,
  uploadResultSchema,
} from '../../../domain';
import { badRequest, notFound, tooManyRequests } from '../../errors';
import { type UploadPath, uploadResultOf } from '../../metrics/metrics';
import { requireStaff } from '../../policies/authentication';
import { parseRequestPart } from '../../request-errors';
import { consumeRateLimit } from '../../services/rate-limit/consume-rate-limit';
import {
  acceptDirectUpload,
  createDirectUpload,
  directUploadUnavailable,
  processDirectUpload,
} from '../../services/uploads/direct-upload';
import { listFolder } from '../../services/uploads/list-folder';
import { presentUpload } from '../../services/uploads/present-upload';
import { refreshUploadLinks } from '../../services/uploads/refresh-upload-links';
import { createResumableServer, resumablePath } from '../../services/uploads/resumable-uploads';
import { finishUpload, maxBytesFor, type StagedBytes, stageBytes } from '../../services/uploads/store-upload';
import { newSessionId } from '../../services/uploads/upload-session';
import { checkMultipartRequest, multipartRefusal } from './upload-request';

const uploaderHeader = 'x-imprint-uploader';

/** Uploads per IP address per hour: generous for a 20-track release, a wall for a disk-filling script. */
const uploadsPerHour = 120;

/**
 * The upload service (spec 001 §7; paths renamed per design.md §2): the standard multipart upload,
 * and the direct path (signed URL, PUT, process).
 *
 * Metrics (imprint_uploads_total): an attempt counts once on its path, where it ends: stored or
 * refused by the standard upload or process-upload, or stopped at an earlier step of the direct and
 * resumable paths (the signed URL, the PUT, the tus creation; a failed tus PATCH is resumed, so not
 * counted). Refused is a 4xx, failed a 5xx. A direct attempt that failed and fell back to the standard
 * upload (the web client does so for anything but a refusal of the file) counts on both paths.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.providers.storage;
  // Direct-upload URLs are signed with the app's key; file links in upload results and folders go
  // to the page that asked, bound to its session (request.pageLinks).
  const signer = app.pageLinks;
  /** An upload that ended with an error; 503 "direct upload unavailable" sends the client to the standard path. */
  const recordUploadError = (path: UploadPath, error: unknown) => {
    if (path !== 'standard' && !app.config.directUploads) return;
    app.metrics.recordUpload(path, uploadResultOf(error));
  };
  const limitUploads = async (request: FastifyRequest) => {
    const limit = await consumeRateLimit(app.db, `uploads:ip:${request.ip}`, uploadsPerHour, 3600);
    if (!limit.allowed) {
      throw tooManyRequests('Too many uploads from your network. Try again later.', limit.retryAfterSeconds);
    }
  };

  await app.register(multipart, {
    // The size limit is enforced while streaming to storage (maxBytes); busboy's own limit sits
    // above it only as a backstop, since a file cut at its limit would be stored silently truncated.
    limits: {
      fileSize: maxBytesFor('track') + 1024 * 1024,
      files: 1,
      fields: 10,
      fieldSize: 2000,
      parts: 12,
    },
  });

  app.post(
    '/api/upload/storage',
    {
      schema: { querystring: z.object({ _t: z.string().optional() }), response: { 200: uploadResultSchema } },
    },
    async (request) => {
      const fields: Record<string, string> = {};
      let staged: StagedBytes | undefined;
      let originalName = '';
      let contentType: string | undefined;
      try {
        await limitUploads(request);
        checkMultipartRequest(request.headers['content-type']);
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              fields[part.fieldname] = String(part.value);
              continue;
            }
            if (part.fieldname !== 'file' || staged) {
              part.file.resume();
              throw badRequest(UPLOAD_REQUEST_MESSAGES.oneFile);
            }
            const nameProblem = checkUploadFileName(part.filename);
            if (nameProblem) {
              part.file.resume();
              throw badRequest(nameProblem);
            }
            // The spec's client sends the file before its fields: until fileType is known the
            // larger (audio) limit bounds the stream, and the exact one is checked when all is read.
            const fileType = uploadFieldsSchema.shape.fileType.safeParse(fields.fileType);
            originalName = part.filename;
            contentType = part.mimetype;
            staged = await stageBytes(storage, part.file as Readable, {
              maxBytes: maxBytesFor(fileType.success ? fileType.data : 'track'),
              fileType: fileType.success ? fileType.data : undefined,
              contentType: part.mimetype,
            });
            if (part.file.truncated) throw badRequest(UPLOAD_REQUEST_MESSAGES.cutShort);
          }
        } catch (error) {
          throw multipartRefusal(error);
        }
        if (!staged) throw badRequest(UPLOAD_REQUEST_MESSAGES.noFile);
        const parsed = parseRequestPart(uploadFieldsSchema, fields);
        if (!parsed.success) throw badRequest(parsed.error, { fields: parsed.details.map((d) => d.path) });
        const row = await finishUpload({ db: app.db, storage }, staged, {
          ...parsed.data,
          sessionId: parsed.data.sessionId ?? newSessionId(),
          originalName: originalName || 'upload',
          contentType,
          uploaderUserId: request.auth?.user.userId,
          uploadMethod: 'APP_ENGINE',
        });
        app.metrics.recordUpload('standard', 'stored', { bytes: row.originalSize, fileType: row.fileType });
        return presentUpload(request.pageLinks, row);
      } catch (error) {
        recordUploadError('standard', error);
        if (staged) await storage.delete(staged.key);
        throw error;
      }
    },
  );

  app.post(
    '/api/storage/generate-upload-url',
    { schema: { body: generateUploadUrlPayloadSchema, response: { 200: generateUploadUrlResponseSchema } } },
    async (request) => {
      try {
        await limitUploads(request);
        return await createDirectUpload(
          { db: app.db, storage, signer, config: app.config },
          request.body,
          request.auth?.user.userId,
        );
      } catch (error) {
        recordUploadError('direct', error);
        throw error;
      }
    },
  );

  // Imprint's own target for direct uploads with the local driver (S3 gets a presigned URL instead).
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    // Every content type is the file's bytes, JSON included: the root's JSON parser would hand the
    // route an object instead of the stream (issue 18 §2). The content decides what the file is.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.put(
      '/api/storage/direct/:fileId',
      {
        schema: {
          params: z.object({ fileId: z.uuid() }),
          querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().min(10) }),
        },
      },
      async (request, reply) => {
        try {
          await acceptDirectUpload(
            { db: app.db, storage, signer },
            request.params.fileId,
            request.query,
            // Without a content type no parser runs, and the bytes are still in the request itself.
            request.body instanceof Stream ? (request.body as Readable) : request.raw,
          );
        } catch (error) {
          recordUploadError('direct', error);
          throw error;
        }
        return reply.code(200).send({ success: true });
      },
    );
  });

  // Resumable uploads (tus): tus-js-client talks to these; the bytes are never parsed by Fastify.
  const tus = createResumableServer({
    db: app.db,
    resumable: app.providers.resumable,
    storage,
    uploaderOf: (req) => req.headers.get(uploaderHeader) || undefined,
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!app.config.directUploads) throw directUploadUnavailable();
      const creating = request.method === 'POST';
      if (creating) {
        await limitUploads(request).catch((error: unknown) => {
          recordUploadError('resumable', error);
          throw error;
        });
      }
      // tus sees only the request: tell it who is signed in. Always overwritten, never trusted from the client.
      request.raw.headers[uploaderHeader] = request.auth?.user.userId ?? '';
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
      // A creation tus refused (name, type, size: onUploadCreate) ends the upload; a failed PATCH is resumed.
      if (creating && reply.raw.statusCode >= 400) {
        recordUploadError('resumable', { statusCode: reply.raw.statusCode });
      }
    };
    scope.all(resumablePath, handle);
    scope.all(`${resumablePath}/*`, handle);
  });

  app.get(
    '/api/storage/folders/:folderId',
    { schema: { params: z.object({ folderId: z.string().max(80) }) } },
    async (request) => {
      requireStaff(request);
      const files = await listFolder(app.db, request.pageLinks, request.params.folderId);
      if (!files) throw notFound('Folder not found');
      return { success: true, folderId: request.params.folderId, files };
    },
  );

  // Fresh links for a form's own unsubmitted uploads: a visitor's links last 15 minutes (issue 18 §8).
  app.post(
    '/api/storage/file-links',
    { schema: { body: fileLinksPayloadSchema, response: { 200: fileLinksResponseSchema } } },
    async (request) => {
      const { sessionId, fileIds } = request.body;
      const files = await refreshUploadLinks({ db: app.db, signer: request.pageLinks }, sessionId, fileIds);
      return { success: true as const, files };
    },
  );

  app.post(
    '/api/storage/process-upload',
    { schema: { body: processUploadPayloadSchema, response: { 200: uploadResultSchema } } },
    async (request) => {
      try {
        const { row, via } = await processDirectUpload(
          { db: app.db, storage, resumable: app.providers.resumable },
          request.body,
          request.auth?.user.userId,
        );
        app.metrics.recordUpload(via, 'stored', { bytes: row.originalSize, fileType: row.fileType });
        return presentUpload(request.pageLinks, row);
      } catch (error) {
        // Which way the bytes came is known for sure only once the upload is found; the web client
        // names the resumable path's uploads with the bucket 'resumable' (web/upload/start-upload.ts).
        recordUploadError(request.body.bucketName === 'resumable' ? 'resumable' : 'direct', error);
        throw error;
      }
    },
  );
};
