/**
 * Artists' data rights: the privacy policy promises an answer to a data request within 30 days
 * (spec 001 §9). An artist downloads everything Imprint holds about them; staff erase an artist,
 * keeping what the law or the agreement requires (signed agreements and their audit trail). Both
 * are recorded as data requests. docs/decisions/0002-artist-data-rights.md maps every table.
 */

export const DATA_REQUEST_KINDS = ['export', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** What an erased artist is called wherever a name is needed (lists, the board, mails' records). */
export const ERASED_ARTIST_NAME = 'Erased artist';
/** What replaces the artist's name, phone or profile link inside kept text (a message, a note). */
export const ERASED_TEXT = '[erased]';

/**
 * The address an erased artist's rows carry instead of theirs: unique per artist (the columns are
 * unique) and under `.invalid`, a top-level domain reserved never to exist (RFC 2606), so nothing
 * can ever be delivered to it.
 */
export function erasedEmailFor(artistId: string): string {
  return `erased-${artistId}@erased.invalid`;
}

/** True for an address erasure wrote: mail to it is dropped rather than tried. */
export function isErasedAddress(email: string): boolean {
  return /^erased-[^@]*@erased\.invalid$/i.test(email.trim());
}

export const ERASURE_REASON_MIN_LENGTH = 3;
export const ERASURE_REASON_MAX_LENGTH = 500;

export const DATA_REQUEST_MESSAGES = {
  reasonLength: `Give the reason for the erasure in ${ERASURE_REASON_MIN_LENGTH} to ${ERASURE_REASON_MAX_LENGTH} characters: it is kept with the record.`,
  confirmRequired: 'Type the artist’s e-mail address to confirm the erasure.',
  confirmMismatch: 'The e-mail address typed is not this artist’s. Type it exactly as shown to confirm.',
} as const;

/** 409 for an artist erased already: erasure happens once, and this says when. */
export function alreadyErasedMessage(erasedOn: string): string {
  return `This artist’s personal data was erased on ${erasedOn}; there is nothing left to erase.`;
}

/** What the answer to an erasure says of the files, in words. */
export function describeErasedFiles(files: { total: number; deleted: number; pending: number }): string {
  if (files.total === 0) return 'The artist had no files in storage.';
  const deleted = `${files.deleted} of ${files.total} ${files.total === 1 ? 'file was' : 'files were'} deleted from storage.`;
  if (files.pending === 0) return deleted;
  return `${deleted} ${files.pending} could not be deleted yet and will be tried again in the background; the erasure itself is complete.`;
}

/** Compares the address typed to confirm with the artist's, as addresses compare: trimmed, any case. */
export function confirmsErasureOf(typed: string, artistEmail: string): boolean {
  return typed.trim().toLowerCase() === artistEmail.trim().toLowerCase();
}
