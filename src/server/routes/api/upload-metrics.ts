import type { FastifyInstance } from 'fastify';
import { type UploadPath, uploadResultOf } from '../../metrics/metrics';

/**
 * Metrics of the upload routes (imprint_uploads_total; upload.ts, storage.ts, uploads.ts): an
 * attempt counts once on its path, where it ends: stored or refused by the standard upload or
 * process-upload, or stopped at an earlier step of the direct and resumable paths (the signed URL,
 * the PUT, the tus creation; a failed tus PATCH is resumed, so not counted). Refused is a 4xx,
 * failed a 5xx. A direct attempt that failed and fell back to the standard upload (the web client
 * does so for anything but a refusal of the file) counts on both paths.
 *
 * This records an upload that ended with an error. While direct uploads are switched off, the 503
 * "direct upload unavailable" only sends the client to the standard path: not an attempt.
 */
export function uploadErrorRecorder(app: FastifyInstance): (path: UploadPath, error: unknown) => void {
  return (path, error) => {
    if (path !== 'standard' && !app.config.directUploads) return;
    app.metrics.recordUpload(path, uploadResultOf(error));
  };
}
