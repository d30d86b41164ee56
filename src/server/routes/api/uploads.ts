import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directUploadUnavailable } from '../../services/uploads/direct-upload';
import { limitUploads } from '../../services/uploads/limit-uploads';
import { createResumableServer, resumablePath } from '../../services/uploads/resumable-uploads';
import { uploadErrorRecorder } from './upload-metrics';

const uploaderHeader = 'x-imprint-uploader';

/**
 * Resumable uploads (tus 1.0, `/api/uploads/resumable[/:id]`): tus-js-client talks to these; the
 * bytes are never parsed by Fastify. Finished uploads are processed by storage.ts's process-upload.
 */
export const resumableUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const recordUploadError = uploadErrorRecorder(app);
  const tus = createResumableServer({
    db: app.db,
    resumable: app.providers.resumable,
    storage: app.providers.storage,
    storageSpace: app.providers.storageSpace,
    uploaderOf: (req) => req.headers.get(uploaderHeader) || undefined,
  });
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!app.config.directUploads) throw directUploadUnavailable();
    const creating = request.method === 'POST';
    if (creating) {
      await limitUploads(app.db, request.ip).catch((error: unknown) => {
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
  app.all(resumablePath, handle);
  app.all(`${resumablePath}/*`, handle);
};
