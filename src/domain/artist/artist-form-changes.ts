import type { ArtistForm } from '../schemas/submission-form';

/**
 * Step 1 field couplings (spec 001 §5, §2): the city list depends on the country, so changing
 * the country clears the city; ticking "I don't have ..." clears the profile it replaces.
 */
export function changeCountry<F extends Pick<ArtistForm, 'country' | 'city'>>(form: F, country: string): F {
  return form.country === country ? form : { ...form, country, city: '' };
}

export function setNoInstagram<F extends Pick<ArtistForm, 'noInstagram' | 'instagramProfile'>>(
  form: F,
  noInstagram: boolean,
): F {
  return { ...form, noInstagram, instagramProfile: noInstagram ? '' : form.instagramProfile };
}

export function setNoTikTok<F extends Pick<ArtistForm, 'noTikTok' | 'tiktokProfile'>>(
  form: F,
  noTikTok: boolean,
): F {
  return { ...form, noTikTok, tiktokProfile: noTikTok ? '' : form.tiktokProfile };
}

/** The city field stays disabled until a country is chosen. */
export function isCityEnabled(form: Pick<ArtistForm, 'country'>): boolean {
  return form.country.trim() !== '';
}

/** Choosing "new artist" in the streaming-profile section forgets any profile URL (spec 001 §2). */
export function chooseNewArtist<F extends Pick<ArtistForm, 'spotifyProfile'>>(form: F): F {
  return { ...form, spotifyProfile: '' };
}
