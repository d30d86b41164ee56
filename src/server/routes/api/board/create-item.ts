import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createBoardItemPayloadSchema } from '../../../../domain';
import { createBoardItemResponseSchema } from '../../../../domain/schemas/submission-response';
import { tooManyRequests } from '../../../errors';
import { consumeRateLimit } from '../../../services/rate-limit/consume-rate-limit';
import { createSubmission } from '../../../services/submissions/create-submission';

export const TOO_MANY_SUBMISSIONS = 'Too many submissions from your network. Please try again later.';

/** The submission's way onto the board (spec 001 §7, `/api/{task-board}` → `/api/board`). */
export const createItemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/board/create-item',
    {
      // Hundreds of catalogue items with their album details outgrow the default 1 MiB.
      bodyLimit: 5 * 1024 * 1024,
      schema: { body: createBoardItemPayloadSchema, response: { 200: createBoardItemResponseSchema } },
      // Counted before the body is validated, so a flood of malformed payloads is limited too.
      preValidation: async (request) => {
        const limit = await consumeRateLimit(
          app.db,
          `submissions:ip:${request.ip}`,
          app.config.submissionsPerHourPerIp,
          3600,
        );
        if (!limit.allowed) throw tooManyRequests(TOO_MANY_SUBMISSIONS, limit.retryAfterSeconds);
      },
    },
    async (request) => {
      const result = await createSubmission(
        { db: app.db, config: app.config, signingKey: app.signingKey, turnstile: app.providers.turnstile },
        request.body,
        {
          user: request.auth?.user,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          now: new Date(),
        },
      );
      return { success: true, data: { itemId: result.itemId } };
    },
  );
};
