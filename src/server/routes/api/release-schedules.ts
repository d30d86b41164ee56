import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RELEASE_SCHEDULE_MESSAGES,
  releaseScheduleListResponseSchema,
  releaseScheduleQuerySchema,
  releaseScheduleResponseSchema,
  SUBMISSION_NOT_FOUND,
  signUrlResponseSchema,
  submissionScheduleResponseSchema,
} from '../../../domain';
import { artistAreaOnly, findSignedInArtist } from '../../policies/artists';
import { issueScheduleSignUrl } from '../../services/release-schedules/issue-schedule-sign-url';
import {
  listArtistSchedules,
  readReleaseSchedule,
  readSubmissionSchedule,
} from '../../services/release-schedules/read-release-schedule';
import { signatureActorOf } from './signature-actor';
import { requestOwner, signedIn, viewerOf } from './signature-viewer';

const idParams = z.object({ id: z.string().max(200) });

/**
 * Release schedules to the artist agreement: prepared when staff approve a release
 * (jobs/prepare-release-schedule.ts), read by their artist and staff, and signed by the artist
 * through the built-in signing page (signing.ts) with a link asked for here. Everything else of a
 * schedule's signature request (status, sealed PDF, audit, verification) is contracts.ts's, by the
 * request's id.
 */
export const releaseScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/release-schedules',
    {
      onRequest: signedIn,
      schema: {
        querystring: releaseScheduleQuerySchema,
        response: { 200: submissionScheduleResponseSchema },
      },
    },
    async (request) => ({
      success: true,
      schedule: await readSubmissionSchedule(
        app.db,
        request.query.submissionId,
        viewerOf(request, SUBMISSION_NOT_FOUND),
        new Date(),
      ),
    }),
  );

  // The artist's own, for the Contract Signing tab: staff are refused (403, the artist area's rule)
  // and read an artist's schedules per release; an account without an artist row yet has none.
  app.get(
    '/api/release-schedules/mine',
    { onRequest: artistAreaOnly, schema: { response: { 200: releaseScheduleListResponseSchema } } },
    async (request) => ({
      success: true,
      schedules: await listArtistSchedules(app.db, findSignedInArtist(request)?.id, new Date()),
    }),
  );

  app.get(
    '/api/release-schedules/:id',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: releaseScheduleResponseSchema } } },
    async (request) => ({
      success: true,
      schedule: await readReleaseSchedule(
        app.db,
        request.params.id,
        viewerOf(request, RELEASE_SCHEDULE_MESSAGES.notFound),
        new Date(),
      ),
    }),
  );

  app.post(
    '/api/release-schedules/:id/sign-url',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: signUrlResponseSchema } } },
    async (request) => ({
      success: true,
      signUrl: await issueScheduleSignUrl(
        { db: app.db, config: app.config },
        request.params.id,
        requestOwner(request, RELEASE_SCHEDULE_MESSAGES.notFound),
        signatureActorOf(request),
        new Date(),
      ),
    }),
  );
};
