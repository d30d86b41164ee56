import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_EXPORT_FORMATS, SIGNING_MESSAGES } from '../../../../domain';
import { requireStaff, staffOrNotFound } from '../../../policies/authentication';
import { renderAuditExport } from '../../../services/audit/audit-export-file';
import { readAgreementAuditTrail } from '../../../services/contracts/export-agreement-audit';
import { sendAttachment } from '../../files';

const idParams = z.object({ id: z.string().max(200) });

/**
 * A signature request's audit trail as a file, beside contracts.ts's `/audit` (the JSON the
 * artist page reads): `/api/contracts/:id/audit.json` and `.pdf`, with the request's facts and the
 * hashes of what was signed. Staff only; anyone else gets the 404 of an unknown request.
 */
export const contractAuditExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOrNotFound(SIGNING_MESSAGES.requestNotFound));

  for (const format of AUDIT_EXPORT_FORMATS) {
    app.get(
      `/api/contracts/:id/audit.${format}`,
      { schema: { params: idParams } },
      async (request, reply) => {
        const trail = await readAgreementAuditTrail(
          { db: app.db, labelName: app.config.label.name },
          request.params.id,
          requireStaff(request),
          new Date(),
        );
        return sendAttachment(reply, await renderAuditExport(trail, format));
      },
    );
  }
};
