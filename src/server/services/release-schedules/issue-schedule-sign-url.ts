import { RELEASE_SCHEDULE_MESSAGES } from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { conflict } from '../../errors';
import { expireIfOverdue } from '../contracts/expire-overdue-request';
import { attachSigningLink, issueSigningToken, signingPagePath } from '../contracts/issue-signing-token';
import type { SignatureActor } from '../contracts/record-signature-event';
import { openScheduleRequest } from './open-schedule-request';
import { findLatestScheduleRequest, findScheduleForViewer } from './read-release-schedule';

/**
 * POST /api/release-schedules/:id/sign-url (the artist's "Sign the release schedule"): a signing
 * link to the schedule's open request, for the built-in signing page. A request that expired or
 * was declined is followed by a new one with the same schedule (the schedule itself does not
 * change); a superseded or signed schedule refuses with 409.
 */
export async function issueScheduleSignUrl(
  deps: { db: Database; config: AppConfig },
  scheduleId: string,
  artistId: string,
  actor: SignatureActor,
  now: Date,
): Promise<string> {
  const link = issueSigningToken(now);
  await deps.db.transaction(async (tx) => {
    const schedule = await findScheduleForViewer(
      tx,
      scheduleId,
      { kind: 'artist', artistId },
      { forUpdate: true },
    );
    if (schedule.supersededAt) throw conflict(RELEASE_SCHEDULE_MESSAGES.superseded);
    const latest = await findLatestScheduleRequest(tx, schedule.id, { forUpdate: true });
    const current = latest ? await expireIfOverdue(tx, latest, now) : undefined;
    if (current?.status === 'signed') throw conflict(RELEASE_SCHEDULE_MESSAGES.alreadySigned);
    const open =
      current?.status === 'awaiting_signature'
        ? current
        : await openScheduleRequest(tx, deps.config, schedule, actor, now);
    if (!open) throw new Error(`Schedule ${schedule.id} has no request to sign`);
    await attachSigningLink(tx, open.id, link, actor, now);
  });
  return signingPagePath(link.token);
}
