import { eq } from 'drizzle-orm';
import { classifyReturningToken, isWellFormedToken, type ReturningLinkFailure } from '../../../domain';
import type { Executor } from '../../db/client';
import { returningLinks } from '../../db/schema';
import { hashToken } from '../auth/tokens';

export type ReturningLinkRow = typeof returningLinks.$inferSelect;

export type ReturningTokenCheck =
  | { ok: true; link: ReturningLinkRow }
  | { ok: false; reason: ReturningLinkFailure; message: string };

/** The link a returning-artist token opens, or why it cannot be used (classifyReturningToken). */
export async function checkReturningToken(
  executor: Executor,
  token: string,
  now: Date,
): Promise<ReturningTokenCheck> {
  const [link] = isWellFormedToken(token)
    ? await executor
        .select()
        .from(returningLinks)
        .where(eq(returningLinks.tokenHash, hashToken(token)))
    : [];
  const verdict = classifyReturningToken(token, link, now);
  if (!verdict.ok) return verdict;
  if (!link) throw new Error('classifyReturningToken accepted a missing link');
  return { ok: true, link };
}
