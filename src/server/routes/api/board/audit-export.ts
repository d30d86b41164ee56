import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_EXPORT_FORMATS, SUBMISSION_NOT_FOUND } from '../../../../domain';
import { requireStaff, staffOrNotFound } from '../../../policies/authentication';
import { renderAuditExport } from '../../../services/audit/audit-export-file';
import { readReleaseAuditTrail } from '../../../services/submissions/export-release-audit';
import { sendAttachment } from '../../files';

const itemParamsSchema = z.object({ itemId: z.string().max(100) });

/**
 * A release's whole audit trail as a file, beside board/review.ts's paged `/timeline`:
 * `/api/board/items/:itemId/audit.json` and `.pdf`, the submission's events and its schedules'
 * signing, with the hashes of its files. Staff only; anyone else gets the 404 of an unknown item.
 */
export const boardAuditExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOrNotFound(SUBMISSION_NOT_FOUND));

  for (const format of AUDIT_EXPORT_FORMATS) {
    app.get(
      `/api/board/items/:itemId/audit.${format}`,
      { schema: { params: itemParamsSchema } },
      async (request, reply) => {
        const trail = await readReleaseAuditTrail(
          { db: app.db, storage: app.providers.storage, labelName: app.config.label.name },
          request.params.itemId,
          requireStaff(request),
          new Date(),
        );
        return sendAttachment(reply, await renderAuditExport(trail, format));
      },
    );
  }
};
