import { eq } from 'drizzle-orm';
import type { InvitationPrefill } from '../../../domain';
import type { Executor } from '../../db/client';
import { artists } from '../../db/schema';
import { findUsableInvitation, type InvitationRow } from './find-usable-invitation';

export interface InvitationDetails {
  invitation: InvitationRow;
  prefillData: InvitationPrefill;
}

const present = (value: string | null | undefined) => (value ? value : undefined);

/**
 * What the invited artist's form starts from: the invitation's names and e-mail, and where an
 * artist row with that e-mail exists, their location and profiles.
 */
export async function getInvitationDetails(
  executor: Executor,
  token: string,
  now: Date,
): Promise<InvitationDetails | undefined> {
  const invitation = await findUsableInvitation(executor, token, now);
  if (!invitation) return undefined;
  const [artist] = await executor
    .select()
    .from(artists)
    .where(invitation.artistId ? eq(artists.id, invitation.artistId) : eq(artists.email, invitation.email));
  const prefill: InvitationPrefill = {
    firstName: invitation.firstName,
    surname: invitation.surname,
    email: invitation.email,
    artistName: invitation.artistName,
  };
  const optional = {
    country: present(artist?.country),
    city: present(artist?.city),
    spotifyProfile: present(artist?.spotifyProfile),
    instagramProfile: present(artist?.instagramProfile),
    tiktokProfile: present(artist?.tiktokProfile),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value) prefill[key as keyof typeof optional] = value;
  }
  return { invitation, prefillData: prefill };
}
