import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DECISION_PLACEHOLDERS,
  decisionTemplateCreateSchema,
  decisionTemplateListQuerySchema,
  decisionTemplateListResponseSchema,
  decisionTemplateResponseSchema,
  decisionTemplateUpdateSchema,
} from '../../../domain';
import { requireStaff, staffOnly } from '../../policies/authentication';
import {
  createDecisionTemplate,
  deleteDecisionTemplate,
  listDecisionTemplates,
  updateDecisionTemplate,
} from '../../services/decision-templates/manage-decision-templates';

const templateParamsSchema = z.object({ templateId: z.string().max(100) });

/**
 * Decision templates: the saved messages staff approve, request changes and decline
 * with, per kind; staff only. Filling one for a submission is GET
 * /api/board/items/{itemId}/decision-message (board/review.ts).
 */
export const decisionTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get(
    '/api/decision-templates',
    {
      schema: {
        querystring: decisionTemplateListQuerySchema,
        response: { 200: decisionTemplateListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      templates: await listDecisionTemplates(app.db, request.query.kind),
      placeholders: [...DECISION_PLACEHOLDERS],
    }),
  );

  app.post(
    '/api/decision-templates',
    { schema: { body: decisionTemplateCreateSchema, response: { 200: decisionTemplateResponseSchema } } },
    async (request) => ({
      success: true as const,
      template: await createDecisionTemplate(app.db, request.body, requireStaff(request)),
    }),
  );

  app.put(
    '/api/decision-templates/:templateId',
    {
      schema: {
        params: templateParamsSchema,
        body: decisionTemplateUpdateSchema,
        response: { 200: decisionTemplateResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      template: await updateDecisionTemplate(
        app.db,
        request.params.templateId,
        request.body,
        requireStaff(request),
      ),
    }),
  );

  app.delete(
    '/api/decision-templates/:templateId',
    { schema: { params: templateParamsSchema, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await deleteDecisionTemplate(app.db, request.params.templateId, requireStaff(request));
      return { success: true as const };
    },
  );
};
