import { type AgreementPreviewResponse, renderAgreement, type SessionUser } from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { ArtistRow } from '../artists/find-artist-of-user';
import { agreementArtistName, agreementValuesFor } from './agreement-values';
import { getCurrentTemplate } from './get-current-template';

/** GET /api/contracts/template: the current template made out to the caller ('View Contract Template'). */
export async function previewAgreement(
  deps: { db: Database; config: AppConfig },
  artist: ArtistRow | undefined,
  user: SessionUser,
  now: Date,
): Promise<AgreementPreviewResponse['template']> {
  const template = await getCurrentTemplate(deps.db);
  const values = agreementValuesFor(deps.config, {
    artistName: agreementArtistName(artist, user),
    artistEmail: user.email.trim().toLowerCase(),
    now,
  });
  return { version: template.version, title: template.title, text: renderAgreement(template.body, values) };
}
