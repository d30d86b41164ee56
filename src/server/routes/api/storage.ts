import { type Readable, Stream } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fileLinksPayloadSchema,
  fileLinksResponseSchema,
  generateUploadUrlPayloadSchema,
  generateUploadUrlResponseSchema,
  processUploadPayloadSchema,
  uploadResultSchema,
} from '../../../domain';
import { notFound } from '../../errors';
import { requireStaff } from '../../policies/authentication';
import {
  acceptDirectUpload,
  createDirectUpload,
  processDirectUpload,
} from '../../services/uploads/direct-upload';
import { limitUploads } from '../../services/uploads/limit-uploads';
import { listFolder } from '../../services/uploads/list-folder';
import { presentUpload } from '../../services/uploads/present-upload';
import { refreshUploadLinks } from '../../services/uploads/refresh-upload-links';
import { uploadErrorRecorder } from './upload-metrics';

/**
 * The storage service (spec 001 §7; paths renamed per design.md §2): the direct upload path (a
 * signed URL, the PUT, then processing, which also finishes a resumable upload), fresh links to a
 * form's own uploads, and an artist folder for staff. The standard upload is upload.ts, the
 * resumable one uploads.ts.
 */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.providers.storage;
  // Direct-upload URLs are signed with the app's key; file links in upload results and folders go
  // to the page that asked, bound to its session (request.pageLinks).
  const signer = app.pageLinks;
  const recordUploadError = uploadErrorRecorder(app);

  app.post(
    '/api/storage/generate-upload-url',
    { schema: { body: generateUploadUrlPayloadSchema, response: { 200: generateUploadUrlResponseSchema } } },
    async (request) => {
      try {
        await limitUploads(app.db, request.ip);
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
    // route an object instead of the stream. The content decides what the file is.
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

  // Fresh links for a form's own unsubmitted uploads: a visitor's links last 15 minutes.
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
