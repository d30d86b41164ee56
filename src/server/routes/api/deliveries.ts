import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliverRequestSchema,
  deliveryAttemptResponseSchema,
  deliveryEditSchema,
  deliveryResponseSchema,
  SUBMISSION_NOT_FOUND,
  takedownRequestSchema,
} from '../../../domain';
import { notFound } from '../../errors';
import { requireUser } from '../../policies/authentication';
import { assignMissingIdentifiers, editDeliveryDetails } from '../../services/delivery/edit-delivery';
import { readDeliveryView } from '../../services/delivery/read-delivery';
import { openReleasePackage, readReleaseMessage } from '../../services/delivery/release-package';
import { queueDelivery } from '../../services/delivery/send-delivery';
import { contentDisposition, sendStreamedAttachment } from '../files';

const paramsSchema = z.object({ submissionId: z.string().max(100) });

/**
 * A release's delivery is staff's alone, and its existence is nobody else's business: a visitor or
 * an artist (even the release's own) gets the same 404 as for an unknown id.
 */
async function staffOrNotFound(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  const user = request.auth ? requireUser(request) : undefined;
  if (user?.role !== 'staff') throw notFound(SUBMISSION_NOT_FOUND);
}

/**
 * Delivery of approved releases to stores (services/delivery): the checklist and its fixes, the
 * DDEX ERN message, the package, deliveries to the configured targets and takedowns.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOrNotFound);
  const deps = () => ({ db: app.db, config: app.config });

  app.get(
    '/api/deliveries/:submissionId',
    { schema: { params: paramsSchema, response: { 200: deliveryResponseSchema } } },
    async (request) => ({
      success: true as const,
      delivery: await readDeliveryView(deps(), request.params.submissionId, new Date()),
    }),
  );

  app.put(
    '/api/deliveries/:submissionId',
    { schema: { params: paramsSchema, body: deliveryEditSchema, response: { 200: deliveryResponseSchema } } },
    async (request) => ({
      success: true as const,
      delivery: await editDeliveryDetails(
        deps(),
        request.params.submissionId,
        request.body,
        requireUser(request),
        new Date(),
      ),
    }),
  );

  app.post(
    '/api/deliveries/:submissionId/identifiers',
    { schema: { params: paramsSchema, response: { 200: deliveryResponseSchema } } },
    async (request) => ({
      success: true as const,
      delivery: await assignMissingIdentifiers(
        deps(),
        request.params.submissionId,
        requireUser(request),
        new Date(),
      ),
    }),
  );

  app.get(
    '/api/deliveries/:submissionId/ern.xml',
    { schema: { params: paramsSchema } },
    async (request, reply) => {
      const message = await readReleaseMessage(deps(), request.params.submissionId, new Date());
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', message.fileName))
        .send(message.xml);
    },
  );

  app.get(
    '/api/deliveries/:submissionId/package.zip',
    { schema: { params: paramsSchema } },
    async (request, reply) => {
      const pack = await openReleasePackage(
        { ...deps(), storage: app.providers.storage },
        request.params.submissionId,
        new Date(),
      );
      return sendStreamedAttachment(reply, {
        type: 'application/zip',
        fileName: pack.fileName,
        size: pack.size,
        body: pack.stream,
      });
    },
  );

  app.post(
    '/api/deliveries/:submissionId/deliver',
    {
      schema: {
        params: paramsSchema,
        body: deliverRequestSchema,
        response: { 202: deliveryAttemptResponseSchema },
      },
    },
    async (request, reply) => {
      const attempt = await queueDelivery(deps(), {
        submissionId: request.params.submissionId,
        target: request.body.target,
        takedown: false,
        actor: requireUser(request),
        now: new Date(),
      });
      return reply.code(202).send({ success: true as const, attempt });
    },
  );

  app.post(
    '/api/deliveries/:submissionId/takedown',
    {
      schema: {
        params: paramsSchema,
        body: takedownRequestSchema,
        response: { 202: deliveryAttemptResponseSchema },
      },
    },
    async (request, reply) => {
      const attempt = await queueDelivery(deps(), {
        submissionId: request.params.submissionId,
        target: request.body.target,
        takedown: true,
        takedownDate: request.body.date,
        actor: requireUser(request),
        now: new Date(),
      });
      return reply.code(202).send({ success: true as const, attempt });
    },
  );
};
