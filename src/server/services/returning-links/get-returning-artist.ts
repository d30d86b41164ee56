import { count, desc, eq } from 'drizzle-orm';
import { buildReturningPrefill, type InvitationPrefill, type LatestSubmissionAnswers } from '../../../domain';
import type { Executor } from '../../db/client';
import { artists, submissions } from '../../db/schema';
import {
  checkReturningToken,
  type ReturningLinkRow,
  type ReturningTokenCheck,
} from './check-returning-token';

export interface ReturningArtist {
  link: ReturningLinkRow;
  artistName: string;
  artistEmail: string;
  previousSubmissions: number;
  prefillData: InvitationPrefill;
}

/**
 * The artist behind a valid returning-artist link: their name and e-mail, how many submissions
 * they made, and a form pre-fill from their profile and their latest submission's details.
 */
export async function getReturningArtist(
  executor: Executor,
  token: string,
  now: Date,
): Promise<{ ok: true; artist: ReturningArtist } | Extract<ReturningTokenCheck, { ok: false }>> {
  const check = await checkReturningToken(executor, token, now);
  if (!check.ok) return check;
  const { link } = check;
  const [artist] = await executor.select().from(artists).where(eq(artists.id, link.artistId));
  if (!artist) throw new Error('returning link without its artist');
  const [latest] = await executor
    .select({ details: submissions.artistDetails, form: submissions.formData })
    .from(submissions)
    .where(eq(submissions.artistId, artist.id))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  const [counted] = await executor
    .select({ n: count() })
    .from(submissions)
    .where(eq(submissions.artistId, artist.id));
  const prefill = buildReturningPrefill(
    artist,
    latest
      ? {
          details: (latest.details ?? {}) as LatestSubmissionAnswers['details'],
          form: (latest.form ?? {}) as LatestSubmissionAnswers['form'],
        }
      : undefined,
  );
  return {
    ok: true,
    artist: {
      link,
      artistName: prefill.artistName || prefill.firstName,
      artistEmail: artist.email,
      previousSubmissions: Number(counted?.n ?? 0),
      prefillData: prefill,
    },
  };
}
