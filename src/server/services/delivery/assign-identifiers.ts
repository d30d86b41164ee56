import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  formatIcpn,
  formatIsrc,
  formatIsrcPrefix,
  getIcpnCapacity,
  ISRC_DESIGNATION_MAX,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Transaction } from '../../db/client';
import { releaseDeliveries, submissionTracks } from '../../db/schema';
import { conflict } from '../../errors';
import { recordSubmissionEvent } from '../audit/record-submission-event';
import { supersedeStaleSchedule } from '../release-schedules/supersede-schedule';

export interface AssignedIdentifiers {
  isrcs: { trackId: string; isrc: string }[];
  icpn: string | null;
}

const compact = (code: string) => code.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

async function nextValue(tx: Transaction, sequence: 'isrc_designation_seq' | 'icpn_item_reference_seq') {
  const { rows } = (await tx.execute(sql`select nextval(${sequence}::regclass)::text as n`)) as {
    rows: { n: string }[];
  };
  return Number(rows[0]?.n);
}

async function isrcTaken(tx: Transaction, isrc: string): Promise<boolean> {
  const { rows } = (await tx.execute(
    sql`select 1 from ${submissionTracks}
         where lower(regexp_replace(${submissionTracks.isrc}, '[^A-Za-z0-9]', '', 'g')) = ${compact(isrc)} limit 1`,
  )) as { rows: unknown[] };
  return rows.length > 0;
}

async function icpnTaken(tx: Transaction, icpn: string, submissionId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: releaseDeliveries.submissionId })
    .from(releaseDeliveries)
    .where(and(eq(releaseDeliveries.icpn, icpn), ne(releaseDeliveries.submissionId, submissionId)))
    .limit(1);
  return rows.length > 0;
}

/** The year part of an assigned ISRC: the track's production year, else this year. */
function isrcYear(productionYear: string | null, now: Date): number {
  const year = Number(productionYear?.trim());
  return Number.isInteger(year) && year >= 1900 ? year : now.getUTCFullYear();
}

/**
 * Gives a release what it lacks of the label's identifiers, in the caller's transaction: an ISRC
 * for each track without one and an ICPN when it has none. The numbers come from database
 * sequences, so two approvals at the same moment never draw the same one and a number is never
 * handed out twice, even after a rollback or a deletion; a code someone else already carries (an
 * artist may have used the label's prefix) is skipped. What the artist or staff gave is never
 * touched. Without ISRC_PREFIX or UPC_PREFIX that part is left for staff to enter. A new ISRC is on
 * the release schedule, so a schedule made without it is superseded.
 */
export async function assignReleaseIdentifiers(
  tx: Transaction,
  config: AppConfig,
  input: { submissionId: string; actorUserId: string | null; now: Date },
): Promise<AssignedIdentifiers> {
  const assigned: AssignedIdentifiers = { isrcs: [], icpn: null };
  const { isrcPrefix, upcPrefix } = config.delivery;

  if (isrcPrefix) {
    const missing = await tx
      .select({ id: submissionTracks.id, productionYear: submissionTracks.productionYear })
      .from(submissionTracks)
      .where(and(eq(submissionTracks.submissionId, input.submissionId), isNull(submissionTracks.isrc)))
      .orderBy(submissionTracks.position)
      .for('update');
    for (const track of missing) {
      let isrc: string;
      do {
        const designation = await nextValue(tx, 'isrc_designation_seq');
        if (designation > ISRC_DESIGNATION_MAX)
          throw conflict(
            `Every ISRC of the prefix ${formatIsrcPrefix(isrcPrefix)} has been given (${ISRC_DESIGNATION_MAX.toLocaleString('en-GB')} codes). Set a new ISRC_PREFIX, or enter the ISRCs by hand.`,
          );
        isrc = formatIsrc(isrcPrefix, isrcYear(track.productionYear, input.now), designation);
      } while (await isrcTaken(tx, isrc));
      await tx
        .update(submissionTracks)
        .set({ isrc, isrcOrigin: 'label' })
        .where(and(eq(submissionTracks.id, track.id), isNull(submissionTracks.isrc)));
      assigned.isrcs.push({ trackId: track.id, isrc });
    }
  }

  // A catalogue transfer alone has no tracks of its own: it keeps the codes it came with.
  const [{ tracks } = { tracks: 0 }] = await tx
    .select({ tracks: sql<number>`count(*)::int` })
    .from(submissionTracks)
    .where(eq(submissionTracks.submissionId, input.submissionId));
  if (upcPrefix && tracks > 0) {
    const [current] = await tx
      .select({ icpn: releaseDeliveries.icpn })
      .from(releaseDeliveries)
      .where(eq(releaseDeliveries.submissionId, input.submissionId))
      .for('update');
    if (!current?.icpn) {
      let icpn: string;
      do {
        const reference = await nextValue(tx, 'icpn_item_reference_seq');
        if (reference >= getIcpnCapacity(upcPrefix))
          throw conflict(
            `Every UPC of the GS1 prefix ${upcPrefix} has been given. Set a new UPC_PREFIX, or enter the UPC by hand.`,
          );
        icpn = formatIcpn(upcPrefix, reference);
      } while (await icpnTaken(tx, icpn, input.submissionId));
      await tx
        .insert(releaseDeliveries)
        .values({ submissionId: input.submissionId, icpn, icpnOrigin: 'label', updatedAt: input.now })
        .onConflictDoUpdate({
          target: releaseDeliveries.submissionId,
          set: { icpn, icpnOrigin: 'label', updatedAt: input.now },
          where: isNull(releaseDeliveries.icpn),
        });
      assigned.icpn = icpn;
    }
  }

  if (assigned.isrcs.length > 0 || assigned.icpn) {
    await recordSubmissionEvent(tx, {
      submissionId: input.submissionId,
      type: 'identifiers_assigned',
      actorUserId: input.actorUserId,
      data: { isrcs: assigned.isrcs, icpn: assigned.icpn },
    });
  }
  if (assigned.isrcs.length > 0) await supersedeStaleSchedule(tx, input.submissionId, input.now);
  return assigned;
}
