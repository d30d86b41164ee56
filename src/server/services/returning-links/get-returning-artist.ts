import { count, desc, eq } from 'drizzle-orm';
import type { InvitationPrefill } from '../../../domain';
import type { Executor } from '../../db/client';
import { artists, submissions } from '../../db/schema';
import {
  checkReturningToken,
  type ReturningLinkRow,
  type ReturningTokenCheck,
} from './check-returning-token';

interface StoredArtistDetails {
  firstName?: string;
  surname?: string;
  email?: string;
  artistName?: string;
  country?: string;
  city?: string;
  spotifyProfile?: string;
  instagramProfile?: string;
  tiktokProfile?: string;
}

export interface ReturningArtist {
  link: ReturningLinkRow;
  artistName: string;
  artistEmail: string;
  previousSubmissions: number;
  prefillData: InvitationPrefill;
}

const present = (...values: (string | null | undefined)[]) => values.find((value) => value?.trim()) ?? '';

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
    .select({ details: submissions.artistDetails })
    .from(submissions)
    .where(eq(submissions.artistId, artist.id))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  const [counted] = await executor
    .select({ n: count() })
    .from(submissions)
    .where(eq(submissions.artistId, artist.id));
  const last = (latest?.details ?? {}) as StoredArtistDetails;
  const [nameFirst, ...nameRest] = (artist.name ?? '').trim().split(/\s+/);
  const prefill: InvitationPrefill = {
    firstName: present(last.firstName, nameFirst),
    surname: present(last.surname, nameRest.join(' ')),
    email: artist.email,
    artistName: present(artist.artistName, last.artistName),
  };
  const optional = {
    country: present(artist.country, last.country),
    city: present(artist.city, last.city),
    spotifyProfile: present(artist.spotifyProfile, last.spotifyProfile),
    instagramProfile: present(artist.instagramProfile, last.instagramProfile),
    tiktokProfile: present(artist.tiktokProfile, last.tiktokProfile),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value) prefill[key as keyof typeof optional] = value;
  }
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
