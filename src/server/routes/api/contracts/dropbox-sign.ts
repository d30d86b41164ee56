import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound, unauthorized } from '../../../errors';
import { DROPBOX_SIGN_CALLBACK_PATH } from '../../../providers/signing/dropbox-sign';
import { applyDropboxSignEvent } from '../../../services/contracts/dropbox-apply-event';

/** The answer Dropbox Sign requires; anything else counts as a failed delivery and is retried. */
export const DROPBOX_SIGN_CALLBACK_ANSWER = 'Hello API Event Received';

export const CALLBACK_MESSAGES = {
  notMultipart: 'Send the event as multipart/form-data with a json field',
  invalidJson: 'The json field is not a Dropbox Sign event',
  invalidHash: 'Invalid event hash',
  notConfigured: 'Dropbox Sign is not configured',
} as const;

const stringish = z.union([z.string(), z.number()]).transform(String);

/** The parts of Dropbox Sign's callback payload Imprint reads (their format; other fields pass). */
const callbackPayloadSchema = z.object({
  event: z.object({
    event_time: stringish,
    event_type: z.string().min(1),
    event_hash: z.string(),
    event_metadata: z.object({ related_signature_id: z.string().nullish() }).loose().nullish(),
  }),
  signature_request: z
    .object({
      signature_request_id: z.string().min(1),
      signatures: z
        .array(z.object({ signature_id: z.string().nullish(), decline_reason: z.string().nullish() }).loose())
        .nullish(),
    })
    .loose()
    .nullish(),
});

/** The `json` field of the multipart body; other parts are read and dropped. */
async function readJsonField(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw badRequest(CALLBACK_MESSAGES.notMultipart);
  let json: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      await part.toBuffer();
      continue;
    }
    if (part.fieldname === 'json') json = String(part.value);
  }
  if (json === undefined) throw badRequest(CALLBACK_MESSAGES.notMultipart);
  return json;
}

/**
 * Dropbox Sign's event callbacks (design.md §1). The route has no session: it is
 * authenticated by the event's HMAC (`event_hash`, checked by ExternalSigning.verifyEvent) alone,
 * so policies/authentication.ts exempts exactly this path from the session and the Origin check
 * (a cookie or an Origin header can neither grant nor refuse anything here). Every verified
 * event, including `callback_test` and types Imprint does not act on, is answered with the exact
 * acknowledgement, so Dropbox Sign does not retry it.
 */
export const dropboxSignRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // A callback is one JSON field of a few kilobytes.
    limits: { fields: 5, fieldSize: 256 * 1024, files: 1, fileSize: 1024 * 1024, parts: 6 },
  });

  app.post(DROPBOX_SIGN_CALLBACK_PATH, async (request, reply) => {
    const signing = app.providers.externalSigning;
    if (!signing) throw notFound(CALLBACK_MESSAGES.notConfigured);
    const raw = await readJsonField(request);
    let payload: z.infer<typeof callbackPayloadSchema>;
    try {
      payload = callbackPayloadSchema.parse(JSON.parse(raw));
    } catch {
      throw badRequest(CALLBACK_MESSAGES.invalidJson);
    }
    const { event } = payload;
    if (!signing.verifyEvent(event)) throw unauthorized(CALLBACK_MESSAGES.invalidHash);

    const signatureRequest = payload.signature_request ?? undefined;
    const relatedSignatureId = event.event_metadata?.related_signature_id ?? null;
    const signature =
      signatureRequest?.signatures?.find((s) => s.signature_id === relatedSignatureId) ??
      signatureRequest?.signatures?.[0];
    try {
      const outcome = await applyDropboxSignEvent(
        { db: app.db, externalSigning: signing },
        {
          eventType: event.event_type,
          eventTime: event.event_time,
          eventHash: event.event_hash,
          signatureRequestId: signatureRequest?.signature_request_id,
          relatedSignatureId,
          declineReason: signature?.decline_reason ?? null,
        },
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, now: new Date() },
      );
      request.log.info({ eventType: event.event_type, ...outcome }, 'Dropbox Sign event');
    } catch (error) {
      // Not acknowledged: Dropbox Sign retries the event later (with backoff, for days).
      request.log.warn({ err: error, eventType: event.event_type }, 'Dropbox Sign event not applied');
      throw new AppError(503, 'The event could not be applied; it will be retried');
    }
    return reply.code(200).type('text/plain; charset=utf-8').send(DROPBOX_SIGN_CALLBACK_ANSWER);
  });
};
