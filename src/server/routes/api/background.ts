import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { processSocialClipsPayloadSchema, processSocialClipsResponseSchema } from '../../../domain';
import { tooManyRequests } from '../../errors';
import { consumeRateLimit } from '../../services/rate-limit/consume-rate-limit';
import { requestSocialClips } from '../../services/submissions/request-social-clips';

const CLIP_REQUESTS_PER_HOUR_PER_IP = 60;
export const TOO_MANY_CLIP_REQUESTS = 'Too many requests from your network. Please try again later.';

/** Work the browser starts after a submission (spec 001 §7, `/api/background/*`). */
export const backgroundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/background/process-social-clips',
    {
      schema: {
        body: processSocialClipsPayloadSchema,
        response: { 200: processSocialClipsResponseSchema },
      },
    },
    async (request) => {
      const limit = await consumeRateLimit(
        app.db,
        `social-clips:ip:${request.ip}`,
        CLIP_REQUESTS_PER_HOUR_PER_IP,
        3600,
      );
      if (!limit.allowed) throw tooManyRequests(TOO_MANY_CLIP_REQUESTS, limit.retryAfterSeconds);
      const queued = await requestSocialClips(app.db, request.body);
      // Clips are cut by the job queue; a worker idle between polls can start at once.
      if (queued) app.jobs.notify();
      return { success: true as const };
    },
  );
};
