import { asc, eq } from 'drizzle-orm';
import { formatIcpn, formatIsrc } from '../../domain';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { releaseDeliveries, signatureRequests, submissionTracks } from '../db/schema';
import type { StorageProvider } from '../providers/storage/storage';
import { recordSignature } from '../services/contracts/sign-agreement';
import { queueDeliveryCover } from '../services/delivery/queue-delivery-cover';
import { prepareReleaseSchedule } from '../services/release-schedules/prepare-release-schedule';

/**
 * The demo's identifiers, visibly not a real label's: ISRCs under the country code ZZ (no country
 * has it) and a UPC in GS1's restricted-circulation range 20–29, which never reaches a store.
 */
const DEMO_ISRC_PREFIX = { country: 'ZZ', registrant: 'DMO' };
const DEMO_GS1_PREFIX = '2000000';

/**
 * Makes a seeded, approved demo release deliverable the way a real one becomes so: its ISRCs and
 * UPC entered by staff, its store cover queued, its release schedule prepared (the files hashed)
 * and signed by the demo artist two days after approval, its sealing queued. Run once, right after
 * the release was seeded.
 */
export async function makeDemoReleaseDeliverable(
  deps: { db: Database; storage: StorageProvider; config: AppConfig },
  submissionId: string,
  artistUserId: string | null,
  now: Date,
): Promise<void> {
  const { db } = deps;
  const tracks = await db
    .select({ id: submissionTracks.id, productionYear: submissionTracks.productionYear })
    .from(submissionTracks)
    .where(eq(submissionTracks.submissionId, submissionId))
    .orderBy(asc(submissionTracks.position));
  await db.transaction(async (tx) => {
    for (const [index, track] of tracks.entries()) {
      await tx
        .update(submissionTracks)
        .set({
          isrc: formatIsrc(DEMO_ISRC_PREFIX, Number(track.productionYear) || now.getUTCFullYear(), index + 1),
          isrcOrigin: 'staff',
        })
        .where(eq(submissionTracks.id, track.id));
    }
    await tx
      .insert(releaseDeliveries)
      .values({ submissionId, icpn: formatIcpn(DEMO_GS1_PREFIX, 1), icpnOrigin: 'staff' })
      .onConflictDoNothing();
    await queueDeliveryCover(tx, submissionId);
  });
  const prepared = await prepareReleaseSchedule(deps, submissionId, now);
  if (prepared.result !== 'prepared' || !prepared.requestId) return;
  const requestId = prepared.requestId;
  await db.transaction(async (tx) => {
    const [request] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
    if (!request) return;
    await recordSignature(
      tx,
      request,
      { method: 'typed', typedName: request.signerName },
      { userId: artistUserId, ip: null, userAgent: 'Imprint demo data' },
      now,
    );
  });
}
