import { and, eq, ne, sql } from 'drizzle-orm';
import {
  checkArtistIsrc,
  checkIcpn,
  type DeliveryEdit,
  type DeliveryView,
  type SessionUser,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { releaseDeliveries, submissions, submissionTracks } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { recordSubmissionEvent } from '../audit/record-submission-event';
import { supersedeStaleSchedule } from '../release-schedules/supersede-schedule';
import { assignReleaseIdentifiers } from './assign-identifiers';
import { readDeliveryView } from './read-delivery';
import { readDeliverySource } from './read-delivery-facts';

const TRACK_NOT_ON_RELEASE = 'That track is not on this release.';

function formatCodeTaken(kind: 'ISRC' | 'UPC', code: string, releaseTitle: string): string {
  return `The ${kind} ${code} is already used by “${releaseTitle}”. Each release and track needs its own.`;
}

/**
 * PUT /api/deliveries/:submissionId: staff correct the ICPN, a track's ISRC, or the P-line and
 * C-line by hand. A code is checked (format, check digit) and refused when another release of the
 * label carries it: the clash is shown, never fixed behind staff's back. `null` clears a value (an
 * identifier back to unassigned, a line back to its default). A changed ISRC is on the release
 * schedule, so a schedule made without it is superseded. One transaction, with its audit row.
 */
export async function editDeliveryDetails(
  deps: { db: Database; config: AppConfig },
  submissionId: string,
  edit: DeliveryEdit,
  actor: SessionUser,
  now: Date,
): Promise<DeliveryView> {
  await deps.db.transaction(async (tx) => {
    const source = await readDeliverySource(tx, deps.config, submissionId, now, { forUpdate: true });
    const changes: Record<string, unknown> = {};

    const delivery: Partial<typeof releaseDeliveries.$inferInsert> = {};
    if (edit.icpn !== undefined) {
      if (edit.icpn === null || edit.icpn === '') {
        delivery.icpn = null;
        delivery.icpnOrigin = null;
      } else {
        const checked = checkIcpn(edit.icpn);
        if (!checked.ok) throw badRequest(checked.message);
        const [other] = await tx
          .select({ releaseTitle: submissions.releaseTitle })
          .from(releaseDeliveries)
          .innerJoin(submissions, eq(submissions.id, releaseDeliveries.submissionId))
          .where(
            and(eq(releaseDeliveries.icpn, checked.value), ne(releaseDeliveries.submissionId, submissionId)),
          )
          .limit(1);
        if (other) throw conflict(formatCodeTaken('UPC', checked.value, other.releaseTitle));
        if (checked.value !== source.delivery?.icpn) {
          delivery.icpn = checked.value;
          delivery.icpnOrigin = 'staff';
        }
      }
      if (delivery.icpn !== undefined) changes.icpn = delivery.icpn;
    }
    for (const kind of ['pLine', 'cLine'] as const) {
      const line = edit[kind];
      if (!line) continue;
      const owner = line.owner?.trim() || null;
      if (kind === 'pLine') Object.assign(delivery, { pLineYear: line.year, pLineOwner: owner });
      else Object.assign(delivery, { cLineYear: line.year, cLineOwner: owner });
      changes[kind] = { year: line.year, owner };
    }
    if (Object.keys(delivery).length > 0)
      await tx
        .insert(releaseDeliveries)
        .values({ submissionId, ...delivery, updatedAt: now })
        .onConflictDoUpdate({ target: releaseDeliveries.submissionId, set: { ...delivery, updatedAt: now } });

    const isrcChanges: { trackId: string; isrc: string | null }[] = [];
    const seen = new Set<string>();
    for (const change of edit.tracks ?? []) {
      const track = source.tracks.find((t) => t.id === change.trackId);
      if (!track) throw badRequest(TRACK_NOT_ON_RELEASE);
      let isrc: string | null = null;
      if (change.isrc) {
        const checked = checkArtistIsrc(change.isrc);
        if (!checked.ok) throw badRequest(`Track “${track.title}”: ${checked.message}`);
        isrc = checked.value;
        const code = isrc.replace(/-/g, '').toLowerCase();
        if (seen.has(code))
          throw badRequest(`The ISRC ${isrc} is given to two tracks. Each track needs its own.`);
        seen.add(code);
        const { rows } = (await tx.execute(sql`
          select s.release_title from ${submissionTracks} t join ${submissions} s on s.id = t.submission_id
           where lower(regexp_replace(t.isrc, '[^A-Za-z0-9]', '', 'g')) = ${code}
             and t.submission_id <> ${submissionId} limit 1`)) as { rows: { release_title: string }[] };
        if (rows[0]) throw conflict(formatCodeTaken('ISRC', isrc, rows[0].release_title));
      }
      if (isrc === track.isrc) continue;
      await tx
        .update(submissionTracks)
        .set({ isrc, isrcOrigin: isrc ? 'staff' : null })
        .where(and(eq(submissionTracks.id, track.id), eq(submissionTracks.submissionId, submissionId)));
      isrcChanges.push({ trackId: track.id, isrc });
    }
    if (isrcChanges.length > 0) changes.isrcs = isrcChanges;
    if (Object.keys(changes).length === 0) return;
    await recordSubmissionEvent(tx, {
      submissionId,
      type: 'delivery_details_changed',
      actorUserId: actor.userId,
      data: changes,
    });
    if (isrcChanges.length > 0) await supersedeStaleSchedule(tx, submissionId, now);
  });
  return readDeliveryView(deps, submissionId, now);
}

/** POST /api/deliveries/:submissionId/identifiers: "Assign" gives what is missing from the label's sequences. */
export async function assignMissingIdentifiers(
  deps: { db: Database; config: AppConfig },
  submissionId: string,
  actor: SessionUser,
  now: Date,
): Promise<DeliveryView> {
  if (!deps.config.delivery.isrcPrefix && !deps.config.delivery.upcPrefix)
    throw conflict('Set ISRC_PREFIX or UPC_PREFIX to let Imprint assign codes, or enter them by hand.');
  await deps.db.transaction(async (tx) => {
    await readDeliverySource(tx, deps.config, submissionId, now, { forUpdate: true });
    await assignReleaseIdentifiers(tx, deps.config, { submissionId, actorUserId: actor.userId, now });
  });
  return readDeliveryView(deps, submissionId, now);
}
