import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementPreviewResponseSchema,
  contractCreateRequestSchema,
  contractCreateResponseSchema,
  contractStatusResponseSchema,
  contractVerifyInfoResponseSchema,
  contractVerifyResultResponseSchema,
  currentContractResponseSchema,
  SIGNED_DOCUMENT_MAX_BYTES,
  SIGNING_MESSAGES,
  signatureAuditResponseSchema,
  signatureDeadlineBodySchema,
  signatureDeadlineResponseSchema,
  signUrlResponseSchema,
} from '../../../domain';
import { AppError } from '../../errors';
import { findSignedInArtist, requireArtistUser } from '../../policies/artists';
import { staffOnly } from '../../policies/authentication';
import { findOrCreateArtist } from '../../services/artists/find-or-create-artist';
import { changeSignatureDeadline } from '../../services/contracts/change-signature-deadline';
import { createSignatureRequest } from '../../services/contracts/create-signature-request';
import { downloadAgreement } from '../../services/contracts/download-agreement';
import { getCurrentContract } from '../../services/contracts/get-current-contract';
import { getSignatureStatus } from '../../services/contracts/get-signature-status';
import { issueSignUrl } from '../../services/contracts/issue-sign-url';
import { listSignatureEvents } from '../../services/contracts/list-signature-events';
import { previewAgreement } from '../../services/contracts/preview-agreement';
import { getAgreementVerification, verifyAgreementCopy } from '../../services/contracts/verify-agreement';
import { signatureActorOf } from './signature-actor';
import { requestOwner, signedIn, viewerOf } from './signature-viewer';

const idParams = z.object({ id: z.string().max(200) });

/**
 * The artist agreement's requests (spec 000 §2, §4, §7): the artist's own, verification
 * of a sealed copy, and staff's deadlines. Every request id is checked against its owner. The
 * signing page's API is signing.ts; templates, agreement-templates.ts; an artist's agreements for
 * staff, artists.ts; Dropbox Sign's events, contracts/dropbox-sign.ts.
 */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    // Personal records and signing links: never kept by a cache.
    reply.header('cache-control', 'no-store');
  });
  const external = () => app.providers.externalSigning;

  app.get(
    '/api/contracts/current',
    { onRequest: signedIn, schema: { response: { 200: currentContractResponseSchema } } },
    async (request) => {
      const artist = findSignedInArtist(request);
      return getCurrentContract(app.db, artist, requireArtistUser(request), new Date());
    },
  );

  app.post(
    '/api/contracts/create',
    {
      onRequest: signedIn,
      schema: { body: contractCreateRequestSchema, response: { 200: contractCreateResponseSchema } },
    },
    async (request) => {
      const user = requireArtistUser(request);
      const artist = await findOrCreateArtist(app.db, user);
      const created = await createSignatureRequest(
        { db: app.db, config: app.config, externalSigning: external(), log: request.log },
        { artist, user, body: request.body, actor: signatureActorOf(request), now: new Date() },
      );
      return { success: true, signatureRequest: created, signatureId: created.id };
    },
  );

  app.get(
    '/api/contracts/template',
    { onRequest: signedIn, schema: { response: { 200: agreementPreviewResponseSchema } } },
    async (request) => {
      const artist = findSignedInArtist(request);
      const template = await previewAgreement(
        { db: app.db, config: app.config },
        artist,
        requireArtistUser(request),
        new Date(),
      );
      return { success: true, template };
    },
  );

  app.get(
    '/api/contracts/:id/status',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: contractStatusResponseSchema } } },
    async (request) => {
      const signatureRequest = await getSignatureStatus(
        { db: app.db, externalSigning: external(), log: request.log },
        request.params.id,
        viewerOf(request),
        new Date(),
      );
      return { success: true, signatureRequest };
    },
  );

  app.post(
    '/api/contracts/:id/sign-url',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: signUrlResponseSchema } } },
    async (request) => {
      const signUrl = await issueSignUrl(
        { db: app.db },
        request.params.id,
        requestOwner(request),
        signatureActorOf(request),
        new Date(),
      );
      return { success: true, signUrl };
    },
  );

  app.get(
    '/api/contracts/:id/document',
    { onRequest: signedIn, schema: { params: idParams } },
    async (request, reply) => {
      const download = await downloadAgreement(
        { db: app.db, storage: app.providers.storage },
        request.params.id,
        viewerOf(request),
        signatureActorOf(request),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${download.fileName}"`)
        .header('content-length', String(download.size))
        .send(download.body);
    },
  );

  app.get(
    '/api/contracts/:id/verify',
    {
      onRequest: signedIn,
      schema: { params: idParams, response: { 200: contractVerifyInfoResponseSchema } },
    },
    async (request) =>
      getAgreementVerification(
        { db: app.db, storage: app.providers.storage },
        request.params.id,
        viewerOf(request),
      ),
  );

  app.get(
    '/api/contracts/:id/audit',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: signatureAuditResponseSchema } } },
    async (request) => ({
      success: true,
      events: await listSignatureEvents(app.db, request.params.id, viewerOf(request)),
    }),
  );

  app.post(
    '/api/contracts/:id/deadline',
    {
      onRequest: staffOnly,
      schema: {
        params: idParams,
        body: signatureDeadlineBodySchema,
        response: { 200: signatureDeadlineResponseSchema },
      },
    },
    async (request) => {
      const changed = await changeSignatureDeadline(
        app.db,
        request.params.id,
        request.body.lastDay,
        signatureActorOf(request),
        new Date(),
      );
      return { success: true, expiresAt: changed.expiresAt.toISOString(), status: changed.status };
    },
  );

  await app.register(verifyUploadRoutes);
};

/**
 * POST /api/contracts/:id/verify takes the PDF itself as the body. The raw parsers live in this
 * scope only, so no other route accepts a 20 MB binary body.
 */
const verifyUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: SIGNED_DOCUMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error, _request, reply) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send({ success: false, error: SIGNING_MESSAGES.verifyTooLarge });
    throw error;
  });

  app.post(
    '/api/contracts/:id/verify',
    {
      onRequest: signedIn,
      bodyLimit: SIGNED_DOCUMENT_MAX_BYTES,
      schema: { params: idParams, response: { 200: contractVerifyResultResponseSchema } },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const body = request.body;
      const copy = Buffer.isBuffer(body) ? body : undefined;
      if (body !== undefined && body !== null && !copy && !(typeof body === 'string' && body === ''))
        throw new AppError(400, SIGNING_MESSAGES.verifyNoFile);
      return verifyAgreementCopy(app.db, request.params.id, viewer, copy);
    },
  );
};
