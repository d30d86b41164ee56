import { asc, eq } from 'drizzle-orm';
import { SIGNATURE_EVENT_TYPES, type SignatureEvent, type SignatureEventType } from '../../../domain';
import type { Database } from '../../db/client';
import { signatureEvents, users } from '../../db/schema';
import { findSignatureRequest, type SignatureViewer } from './find-signature-request';

function text(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value ? value : undefined;
}

/** The short human text of an event's data (the audit view's "detail" column). */
export function describeSignatureEvent(
  type: SignatureEventType,
  data: Record<string, unknown>,
): string | null {
  switch (type) {
    case 'created': {
      const version = data.templateVersion;
      return typeof version === 'number' ? `Template version ${version}` : null;
    }
    case 'link_issued': {
      const until = text(data, 'linkExpiresAt');
      return until ? `Link valid until ${until}` : null;
    }
    case 'signed':
      if (data.method === 'drawn') return 'Drawn signature';
      if (data.method === 'typed') return `Typed name: ${text(data, 'typedName') ?? ''}`.trim();
      return text(data, 'source') ? 'Reported by the e-signature provider' : null;
    case 'declined':
      return (
        text(data, 'reason') ??
        (text(data, 'source') ? 'Reported by the e-signature provider' : 'No reason given')
      );
    case 'expired':
      if (text(data, 'error')) return `The e-signature provider failed: ${text(data, 'error')}`;
      if (text(data, 'reason') === 'deadline_moved') return 'The new deadline is in the past';
      return 'The deadline passed';
    case 'deadline_changed': {
      const lastDay = text(data, 'lastDay');
      return lastDay ? `New last day: ${lastDay}` : null;
    }
    case 'sealed':
    case 'downloaded': {
      const sha = text(data, 'sha256');
      return sha ? `SHA-256 ${sha}` : null;
    }
    case 'provider_event':
      return text(data, 'eventType') ?? text(data, 'event_type') ?? null;
    default:
      return null;
  }
}

/** GET /api/contracts/:id/audit (owner or staff): the trail, oldest first. */
export async function listSignatureEvents(
  db: Database,
  requestId: string,
  viewer: SignatureViewer,
): Promise<SignatureEvent[]> {
  const row = await findSignatureRequest(db, requestId, viewer);
  const events = await db
    .select({ event: signatureEvents, actorEmail: users.email })
    .from(signatureEvents)
    .leftJoin(users, eq(users.id, signatureEvents.actorUserId))
    .where(eq(signatureEvents.requestId, row.id))
    .orderBy(asc(signatureEvents.id));
  return events
    .filter(({ event }) => (SIGNATURE_EVENT_TYPES as readonly string[]).includes(event.type))
    .map(({ event, actorEmail }) => {
      const type = event.type as SignatureEventType;
      const data =
        event.data && typeof event.data === 'object' ? (event.data as Record<string, unknown>) : {};
      return {
        type,
        at: event.createdAt.toISOString(),
        actor: actorEmail ?? null,
        ip: event.ip,
        userAgent: event.userAgent,
        detail: describeSignatureEvent(type, data),
      };
    });
}
