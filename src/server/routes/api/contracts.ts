import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementPreviewResponseSchema,
  agreementTemplateBodySchema,
  agreementTemplateListResponseSchema,
  agreementTemplateResponseSchema,
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
  signingActionResponseSchema,
  signingConsentBodySchema,
  signingDeclineBodySchema,
  signingDocumentResponseSchema,
  signingSignBodySchema,
  signUrlResponseSchema,
  staffAgreementListResponseSchema,
} from '../../../domain';
import { AppError, tooManyRequests } from '../../errors';
import { requireArtist } from '../../policies/artists';
import { requireStaff, requireUser } from '../../policies/authentication';
import { changeSignatureDeadline } from '../../services/contracts/change-signature-deadline';
import { createSignatureRequest } from '../../services/contracts/create-signature-request';
import { declineAgreement } from '../../services/contracts/decline-agreement';
import { downloadAgreement } from '../../services/contracts/download-agreement';
import type { SignatureViewer } from '../../services/contracts/find-signature-request';
import { getCurrentContract } from '../../services/contracts/get-current-contract';
import { getSignatureStatus } from '../../services/contracts/get-signature-status';
import { issueSignUrl } from '../../services/contracts/issue-sign-url';
import { listAgreementTemplates } from '../../services/contracts/list-agreement-templates';
import { listArtistAgreements } from '../../services/contracts/list-artist-agreements';
import { listSignatureEvents } from '../../services/contracts/list-signature-events';
import { loadSigningDocument } from '../../services/contracts/load-signing-document';
import { previewAgreement } from '../../services/contracts/preview-agreement';
import { recordConsent } from '../../services/contracts/record-consent';
import type { SignatureActor } from '../../services/contracts/record-signature-event';
import { saveAgreementTemplate } from '../../services/contracts/save-agreement-template';
import { signAgreement } from '../../services/contracts/sign-agreement';
import { getAgreementVerification, verifyAgreementCopy } from '../../services/contracts/verify-agreement';
import { consumeRateLimit } from '../../services/rate-limit/consume-rate-limit';

const idParams = z.object({ id: z.string().max(200) });
const tokenParams = z.object({ token: z.string().max(200) });

/** Signing pages reload and poll a little; a person never comes near this. */
export const SIGNING_REQUESTS_PER_MINUTE = 60;
export const TOO_MANY_SIGNING_REQUESTS = 'Too many requests. Please wait a minute and try again.';

function actorOf(request: FastifyRequest): SignatureActor {
  const userAgent = request.headers['user-agent'];
  return {
    userId: request.auth?.user.userId ?? null,
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
  };
}

/** Signed-in artist or staff, before validation; a visitor is a 401 and learns nothing. */
async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

async function staffOnly(request: FastifyRequest): Promise<void> {
  requireStaff(request);
}

/**
 * The artist agreement (issue 10; spec 000 §2, §4, §7): the artist's requests, the signing page's
 * API (`/api/signing/:token`), verification of a sealed copy, and the staff side (deadlines,
 * templates, an artist's agreements). Every request id is checked against its owner.
 */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    // Personal records and signing links: never kept by a cache.
    reply.header('cache-control', 'no-store');
  });
  const external = () => app.providers.externalSigning;

  /** The reader of a request: staff see every request, an artist only their own. */
  async function viewerOf(request: FastifyRequest): Promise<SignatureViewer> {
    const user = requireUser(request);
    if (user.role === 'staff') return { kind: 'staff' };
    const artist = await requireArtist(request, app.db);
    return { kind: 'artist', artistId: artist.id };
  }

  app.get(
    '/api/contracts/current',
    { onRequest: signedIn, schema: { response: { 200: currentContractResponseSchema } } },
    async (request) => {
      const artist = await requireArtist(request, app.db);
      return getCurrentContract(app.db, artist, new Date());
    },
  );

  app.post(
    '/api/contracts/create',
    {
      onRequest: signedIn,
      schema: { body: contractCreateRequestSchema, response: { 200: contractCreateResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const artist = await requireArtist(request, app.db);
      const created = await createSignatureRequest(
        { db: app.db, config: app.config, externalSigning: external(), log: request.log },
        { artist, user, body: request.body, actor: actorOf(request), now: new Date() },
      );
      return { success: true, signatureRequest: created, signatureId: created.id };
    },
  );

  app.get(
    '/api/contracts/template',
    { onRequest: signedIn, schema: { response: { 200: agreementPreviewResponseSchema } } },
    async (request) => {
      const artist = await requireArtist(request, app.db);
      const template = await previewAgreement(
        { db: app.db, config: app.config },
        artist,
        requireUser(request),
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
        await viewerOf(request),
        new Date(),
      );
      return { success: true, signatureRequest };
    },
  );

  app.post(
    '/api/contracts/:id/sign-url',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: signUrlResponseSchema } } },
    async (request) => {
      const artist = await requireArtist(request, app.db);
      const signUrl = await issueSignUrl(
        { db: app.db, config: app.config },
        request.params.id,
        artist.id,
        actorOf(request),
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
        await viewerOf(request),
        actorOf(request),
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
        await viewerOf(request),
      ),
  );

  app.get(
    '/api/contracts/:id/audit',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: signatureAuditResponseSchema } } },
    async (request) => ({
      success: true,
      events: await listSignatureEvents(app.db, request.params.id, await viewerOf(request)),
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
        actorOf(request),
        new Date(),
      );
      return { success: true, expiresAt: changed.expiresAt.toISOString(), status: changed.status };
    },
  );

  app.get(
    '/api/artists/:artistId/agreements',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ artistId: z.string().max(200) }),
        response: { 200: staffAgreementListResponseSchema },
      },
    },
    async (request) => ({
      success: true,
      agreements: await listArtistAgreements(app.db, request.params.artistId, new Date()),
    }),
  );

  app.get(
    '/api/agreement-templates',
    { onRequest: staffOnly, schema: { response: { 200: agreementTemplateListResponseSchema } } },
    async () => ({ success: true, templates: await listAgreementTemplates(app.db) }),
  );

  app.post(
    '/api/agreement-templates',
    {
      onRequest: staffOnly,
      schema: { body: agreementTemplateBodySchema, response: { 200: agreementTemplateResponseSchema } },
    },
    async (request) => ({
      success: true,
      template: await saveAgreementTemplate(app.db, request.body, requireStaff(request)),
    }),
  );

  await app.register(signingRoutes);
  await app.register(verifyUploadRoutes);
};

/** The signing page's API: the session must be the artist's, and each user has a budget. */
const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    const user = requireUser(request);
    const limit = await consumeRateLimit(
      app.db,
      `signing:user:${user.userId}`,
      SIGNING_REQUESTS_PER_MINUTE,
      60,
    );
    if (!limit.allowed) throw tooManyRequests(TOO_MANY_SIGNING_REQUESTS, limit.retryAfterSeconds);
  });
  const external = () => app.providers.externalSigning;

  app.get(
    '/api/signing/:token',
    { schema: { params: tokenParams, response: { 200: signingDocumentResponseSchema } } },
    async (request) => {
      const document = await loadSigningDocument(
        { db: app.db, config: app.config, externalSigning: external(), log: request.log },
        request.params.token,
        requireUser(request),
        actorOf(request),
        new Date(),
      );
      return { success: true, document };
    },
  );

  app.post(
    '/api/signing/:token/consent',
    {
      schema: {
        params: tokenParams,
        body: signingConsentBodySchema,
        response: { 200: signingActionResponseSchema },
      },
    },
    async (request) => {
      const status = await recordConsent(
        app.db,
        request.params.token,
        requireUser(request),
        actorOf(request),
        new Date(),
      );
      return { success: true, status };
    },
  );

  app.post(
    '/api/signing/:token/sign',
    {
      schema: {
        params: tokenParams,
        body: signingSignBodySchema,
        response: { 200: signingActionResponseSchema },
      },
    },
    async (request) => {
      const status = await signAgreement(
        app.db,
        request.params.token,
        requireUser(request),
        request.body,
        actorOf(request),
        new Date(),
      );
      return { success: true, status };
    },
  );

  app.post(
    '/api/signing/:token/decline',
    {
      schema: {
        params: tokenParams,
        body: signingDeclineBodySchema,
        response: { 200: signingActionResponseSchema },
      },
    },
    async (request) => {
      const status = await declineAgreement(
        { db: app.db, config: app.config },
        request.params.token,
        requireUser(request),
        request.body.reason,
        actorOf(request),
        new Date(),
      );
      return { success: true, status };
    },
  );
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
      const user = requireUser(request);
      const viewer: SignatureViewer =
        user.role === 'staff'
          ? { kind: 'staff' }
          : { kind: 'artist', artistId: (await requireArtist(request, app.db)).id };
      const body = request.body;
      const copy = Buffer.isBuffer(body) ? body : undefined;
      if (body !== undefined && body !== null && !copy && !(typeof body === 'string' && body === ''))
        throw new AppError(400, SIGNING_MESSAGES.verifyNoFile);
      return verifyAgreementCopy(app.db, request.params.id, viewer, copy);
    },
  );
};
