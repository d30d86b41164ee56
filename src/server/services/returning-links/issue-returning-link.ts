import { getReturningLinkExpiryInstant } from '../../../domain';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { returningLinks } from '../../db/schema';
import { createToken, hashToken } from '../auth/tokens';
import { returningLinkUrlOf } from './returning-link-url';

export interface IssuedReturningLink {
  linkId: string;
  url: string;
  expiresAt: Date;
}

/** A new 365-day link for an artist; the token exists only in the returned url (the row keeps its hash). */
export async function issueReturningLink(
  executor: Executor,
  config: AppConfig,
  input: { artistId: string; sourceSubmissionId: string | null; createdByUserId: string | null; now: Date },
): Promise<IssuedReturningLink> {
  const token = createToken();
  const expiresAt = getReturningLinkExpiryInstant(input.now);
  const [row] = await executor
    .insert(returningLinks)
    .values({
      tokenHash: hashToken(token),
      artistId: input.artistId,
      sourceSubmissionId: input.sourceSubmissionId,
      createdByUserId: input.createdByUserId,
      createdAt: input.now,
      expiresAt,
    })
    .returning({ id: returningLinks.id });
  if (!row) throw new Error('returning link insert returned no row');
  return { linkId: row.id, url: returningLinkUrlOf(config, token), expiresAt };
}
