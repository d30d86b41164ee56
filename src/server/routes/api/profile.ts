import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  artistChangeRequestResponseSchema,
  artistSubmissionsQuerySchema,
  artistSubmissionsResponseSchema,
  feedbackRatingPayloadSchema,
  feedbackRatingResponseSchema,
  keyDatesResponseSchema,
  profileResponseSchema,
  releaseDetailsResponseSchema,
  releaseDetailsSaveSchema,
  resubmissionPayloadSchema,
  resubmissionResponseSchema,
  SUBMISSION_NOT_FOUND,
  submissionResponseSchema,
} from '../../../domain';
import { notFound } from '../../errors';
import { artistAreaOnly, findSignedInArtist, requireArtistUser } from '../../policies/artists';
import { requireUser } from '../../policies/authentication';
import type { ArtistRow } from '../../services/artists/find-artist-of-user';
import { rateDecision } from '../../services/feedback-ratings/rate-decision';
import { getReleaseDetails } from '../../services/release-details/get-release-details';
import { saveReleaseDetails } from '../../services/release-details/save-release-details';
import { submitReleaseDetails } from '../../services/release-details/submit-release-details';
import { buildKeyDatesFile } from '../../services/release-planning/key-dates-file';
import { readKeyDates } from '../../services/release-planning/release-plans';
import { readArtistChangeRequest } from '../../services/review/read-artist-change-request';
import { resubmitChanges } from '../../services/review/resubmit-changes';
import { readArtistSubmission, readArtistSubmissionsPage } from '../../services/submissions/read-submissions';
import { requestNow } from '../../test-clock';
import { sendAttachment } from '../files';

const itemParamsSchema = z.object({ itemId: z.string().max(100) });
const decisionParamsSchema = z.object({ itemId: z.string().max(100), decisionId: z.string().max(100) });

/** Twenty tracks of lyrics and credits fit easily; the default 1 MiB would be tight. */
const releaseDetailsBodyLimit = 2 * 1024 * 1024;

/**
 * `GET /api/profile` (spec 000 §7): the signed-in user's name, artist name and picture; and the
 * artist area's submissions (spec 000 §7) with their release details, and the answer to
 * a change request.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile',
    { schema: { response: { 200: profileResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return {
        success: true,
        profile: {
          ...(user.name ? { name: user.name } : {}),
          ...(user.artistName ? { artistName: user.artistName } : {}),
          ...(user.picture ? { picture: user.picture } : {}),
        },
      };
    },
  );

  await app.register(artistSubmissionRoutes);
};

/**
 * The signed-in artist's submissions. Every route works on the artist's own records only; another
 * artist's item ids answer 404 like unknown ones.
 */
const artistSubmissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', artistAreaOnly);

  // File links bound to the artist's session (request.pageLinks).
  const deps = (request: FastifyRequest) => ({ db: app.db, signer: request.pageLinks });

  /** The artist whose item is asked for: an account without an artist row yet has none. */
  const owner = async (request: FastifyRequest): Promise<ArtistRow> => {
    const artist = findSignedInArtist(request);
    if (!artist) throw notFound(SUBMISSION_NOT_FOUND);
    return artist;
  };

  app.get(
    '/api/profile/submissions',
    {
      schema: {
        querystring: artistSubmissionsQuerySchema,
        response: { 200: artistSubmissionsResponseSchema },
      },
    },
    async (request) => {
      const artist = findSignedInArtist(request);
      const page = await readArtistSubmissionsPage(
        { ...deps(request), cursorKey: app.signingKey },
        artist?.id,
        request.query,
      );
      return { success: true as const, ...page };
    },
  );

  app.get(
    '/api/profile/submissions/:itemId',
    { schema: { params: itemParamsSchema, response: { 200: submissionResponseSchema } } },
    async (request) => {
      const artist = await owner(request);
      const now = requestNow(app.config, request);
      return {
        success: true,
        submission: await readArtistSubmission(
          deps(request),
          artist.id,
          request.params.itemId,
          Date.now(),
          now,
        ),
      };
    },
  );

  // Answers artists can rate: the artist rates a decision's feedback, or changes the rating.
  app.put(
    '/api/profile/submissions/:itemId/decisions/:decisionId/rating',
    {
      schema: {
        params: decisionParamsSchema,
        body: feedbackRatingPayloadSchema,
        response: { 200: feedbackRatingResponseSchema },
      },
    },
    async (request) => {
      const artist = await owner(request);
      const decision = await rateDecision(app.db, {
        artistId: artist.id,
        raterUserId: requireArtistUser(request).userId,
        itemId: request.params.itemId,
        decisionId: request.params.decisionId,
        payload: request.body,
        now: requestNow(app.config, request),
      });
      return { success: true as const, decision };
    },
  );

  // The deadline planner: the dates, and the same as a calendar file.
  app.get(
    '/api/profile/submissions/:itemId/key-dates',
    { schema: { params: itemParamsSchema, response: { 200: keyDatesResponseSchema } } },
    async (request) => {
      const artist = await owner(request);
      const keyDates = await readKeyDates(app.db, request.params.itemId, { artistId: artist.id });
      return { success: true as const, keyDates };
    },
  );

  app.get(
    '/api/profile/submissions/:itemId/dates.ics',
    { schema: { params: itemParamsSchema } },
    async (request, reply) => {
      const artist = await owner(request);
      const file = await buildKeyDatesFile(
        { db: app.db, config: app.config },
        request.params.itemId,
        { artistId: artist.id },
        new Date(),
      );
      return sendAttachment(reply, { type: 'text/calendar; charset=utf-8', ...file });
    },
  );

  app.get(
    '/api/profile/submissions/:itemId/release-details',
    { schema: { params: itemParamsSchema, response: { 200: releaseDetailsResponseSchema } } },
    async (request) => {
      const artist = await owner(request);
      const releaseDetails = await getReleaseDetails(deps(request), artist.id, request.params.itemId);
      return { success: true as const, releaseDetails };
    },
  );

  app.put(
    '/api/profile/submissions/:itemId/release-details',
    {
      bodyLimit: releaseDetailsBodyLimit,
      schema: {
        params: itemParamsSchema,
        body: releaseDetailsSaveSchema,
        response: { 200: releaseDetailsResponseSchema },
      },
    },
    async (request) => {
      const artist = await owner(request);
      const releaseDetails = await saveReleaseDetails(
        deps(request),
        artist.id,
        requireArtistUser(request),
        request.params.itemId,
        request.body,
      );
      return { success: true as const, releaseDetails };
    },
  );

  app.post(
    '/api/profile/submissions/:itemId/release-details/submit',
    {
      bodyLimit: releaseDetailsBodyLimit,
      schema: {
        params: itemParamsSchema,
        body: releaseDetailsSaveSchema,
        response: { 200: releaseDetailsResponseSchema },
      },
    },
    async (request) => {
      const artist = await owner(request);
      const releaseDetails = await submitReleaseDetails(
        { db: app.db, config: app.config, signer: request.pageLinks },
        artist,
        requireArtistUser(request),
        request.params.itemId,
        request.body,
      );
      app.jobs.notify();
      return { success: true as const, releaseDetails };
    },
  );

  app.get(
    '/api/profile/submissions/:itemId/change-request',
    { schema: { params: itemParamsSchema, response: { 200: artistChangeRequestResponseSchema } } },
    async (request) => {
      const artist = await owner(request);
      return {
        success: true as const,
        ...(await readArtistChangeRequest(deps(request), artist.id, request.params.itemId)),
      };
    },
  );

  app.post(
    '/api/profile/submissions/:itemId/resubmit',
    {
      bodyLimit: releaseDetailsBodyLimit,
      schema: {
        params: itemParamsSchema,
        body: resubmissionPayloadSchema,
        response: { 200: resubmissionResponseSchema },
      },
    },
    async (request) => {
      const artist = await owner(request);
      const answer = await resubmitChanges(
        { db: app.db, config: app.config, storage: app.providers.storage, signer: request.pageLinks },
        artist,
        requireArtistUser(request),
        request.params.itemId,
        request.body,
      );
      app.jobs.notify();
      return { success: true as const, ...answer };
    },
  );
};
