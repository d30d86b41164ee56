import { Readable } from 'node:stream';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import type { StorageProvider } from '../../providers/storage/storage';
import { packageFolder, packageMessageName, streamPackageZip } from './package-zip';
import { readDeliverable } from './read-delivery';
import { buildAttemptXml, listReleaseResources } from './send-delivery';

/**
 * The message a download carries. Its id and time come from the release itself (its content's
 * key, the artist's signature of its schedule), so downloading the same release twice gives the
 * same bytes: the package is reproducible, and a hash taken of it stays true.
 */
async function readDownloadMessage(
  deps: { db: Executor; config: AppConfig },
  submissionId: string,
  now: Date,
) {
  const deliverable = await readDeliverable(deps.db, deps.config, submissionId, now);
  const xml = buildAttemptXml(deps.config, deliverable.release, {
    kind: 'initial',
    messageId: `IMPRINT-${deliverable.release.icpn}-${deliverable.releaseKey.slice(0, 16).toUpperCase()}`,
    createdAt: deliverable.source.scheduleSignedAt ?? deliverable.source.submission.statusChangedAt,
    takedownDate: null,
  });
  return { ...deliverable, xml };
}

/** GET /api/deliveries/:submissionId/ern.xml: the release's DDEX ERN message (409 while not deliverable). */
export async function readReleaseMessage(
  deps: { db: Executor; config: AppConfig },
  submissionId: string,
  now: Date,
): Promise<{ fileName: string; xml: string }> {
  const { release, xml } = await readDownloadMessage(deps, submissionId, now);
  return { fileName: `${release.icpn}.xml`, xml };
}

/**
 * GET /api/deliveries/:submissionId/package.zip: the release as one batch of the choreography,
 * `<ICPN>/<ICPN>.xml` and `<ICPN>/resources/…`, streamed from storage (an album of 24-bit WAVs is
 * over a gigabyte; each file is read when the archive reaches it) with its exact length known first.
 */
export async function openReleasePackage(
  deps: { db: Executor; config: AppConfig; storage: StorageProvider },
  submissionId: string,
  now: Date,
): Promise<{ fileName: string; size: number; stream: Readable }> {
  const { release, source, xml } = await readDownloadMessage(deps, submissionId, now);
  const resources = await listReleaseResources(deps.storage, source, release);
  const message = Buffer.from(xml, 'utf8');
  const { stream, size } = streamPackageZip([
    {
      name: packageMessageName(release.icpn),
      size: message.length,
      open: async () => Readable.from([message]),
    },
    ...resources.map((file) => ({
      name: `${packageFolder(release.icpn)}/${file.path}`,
      size: file.size,
      open: file.open,
    })),
  ]);
  return { fileName: `${release.icpn}.zip`, size, stream };
}
