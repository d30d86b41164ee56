import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agreementTemplateBodySchema,
  agreementTemplateListResponseSchema,
  agreementTemplateResponseSchema,
} from '../../../domain';
import { requireStaff, staffOnly } from '../../policies/authentication';
import { listAgreementTemplates } from '../../services/contracts/list-agreement-templates';
import { saveAgreementTemplate } from '../../services/contracts/save-agreement-template';

/** The artist agreement's versions: staff read them and save a new one. */
export const agreementTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get(
    '/api/agreement-templates',
    { schema: { response: { 200: agreementTemplateListResponseSchema } } },
    async () => ({ success: true, templates: await listAgreementTemplates(app.db) }),
  );

  app.post(
    '/api/agreement-templates',
    { schema: { body: agreementTemplateBodySchema, response: { 200: agreementTemplateResponseSchema } } },
    async (request) => ({
      success: true,
      template: await saveAgreementTemplate(app.db, request.body, requireStaff(request)),
    }),
  );
};
