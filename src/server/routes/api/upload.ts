import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkUploadFileName,
  UPLOAD_REQUEST_MESSAGES,
  uploadFieldsSchema,
  uploadResultSchema,
} from '../../../domain';
import { badRequest } from '../../errors';
import { parseRequestPart } from '../../request-errors';
import { limitUploads } from '../../services/uploads/limit-uploads';
import { presentUpload } from '../../services/uploads/present-upload';
import { finishUpload, maxBytesFor, type StagedBytes, stageBytes } from '../../services/uploads/store-upload';
import { newSessionId } from '../../services/uploads/upload-session';
import { uploadErrorRecorder } from './upload-metrics';
import { checkMultipartRequest, multipartRefusal } from './upload-request';

/**
 * The standard upload (spec 001 §7; path renamed per design.md §2): one file and its fields as
 * multipart form data, streamed to storage. The direct path is storage.ts, the resumable one
 * uploads.ts.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.providers.storage;
  const recordUploadError = uploadErrorRecorder(app);

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
        await limitUploads(app.db, request.ip);
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
};
