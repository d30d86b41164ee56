import { addDays, compareIsoDates, type IsoDate, isIsoDate } from '../common/calendar-date';
import { CONTRACT_MESSAGES } from '../errors/error-messages';

/** Signature status values (spec 000 §4). Only `awaiting_signature` can change. */
export const SIGNATURE_STATUSES = ['awaiting_signature', 'signed', 'declined', 'expired'] as const;
export type SignatureStatusValue = (typeof SIGNATURE_STATUSES)[number];

/** A request's status in words, as staff read it (the artist page, the audit trail export). */
export const SIGNATURE_STATUS_LABELS: Record<SignatureStatusValue, string> = {
  awaiting_signature: 'Awaiting signature',
  signed: 'Signed',
  declined: 'Declined',
  expired: 'Expired',
};

/** How long an artist has to sign a request, counted from its creation. */
export const SIGNATURE_REQUEST_LIFETIME_DAYS = 30;
/** A signing link (the token in `/sign/:token`) works this long; asking again issues a new one. */
export const SIGNING_LINK_LIFETIME_MINUTES = 60;
/** Staff may extend a request's deadline up to this many days from today. */
export const SIGNATURE_DEADLINE_MAX_DAYS = 90;

/**
 * The audit trail of a signature request. Each event is written in the same transaction as the
 * change it records (design.md §5, after Documenso).
 */
export const SIGNATURE_EVENT_TYPES = [
  'created',
  'link_issued',
  'viewed',
  'consented',
  'signed',
  'declined',
  'expired',
  'deadline_changed',
  'sealed',
  'downloaded',
  'provider_event',
] as const;
export type SignatureEventType = (typeof SIGNATURE_EVENT_TYPES)[number];

export const SIGNATURE_EVENT_LABELS: Record<SignatureEventType, string> = {
  created: 'Request created',
  link_issued: 'Signing link issued',
  viewed: 'Agreement opened by the signer',
  consented: 'Consent to sign electronically given',
  signed: 'Agreement signed',
  declined: 'Signing declined',
  expired: 'Request expired',
  deadline_changed: 'Deadline changed',
  sealed: 'Signed document sealed',
  downloaded: 'Signed document downloaded',
  provider_event: 'E-signature provider event',
};

/** The status a stored request has now: an open request past its deadline is expired. */
export function getEffectiveSignatureStatus(
  request: { status: SignatureStatusValue; expiresAt: Date },
  now: Date,
): SignatureStatusValue {
  if (request.status === 'awaiting_signature' && request.expiresAt.getTime() <= now.getTime())
    return 'expired';
  return request.status;
}

/** The instant a request made at `createdAt` stops accepting a signature. */
export function getSignatureRequestExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SIGNATURE_REQUEST_LIFETIME_DAYS * 86_400_000);
}

/** Texts of the signing page and its API. */
export const SIGNING_MESSAGES = {
  linkInvalid:
    'This signing link is invalid or has expired. Go back to your dashboard and open the agreement again.',
  notYours: 'This agreement is for another account. Sign in as the artist it was sent to.',
  alreadySigned: 'This agreement has already been signed.',
  declined: 'This agreement was declined. Ask for a new one from your dashboard.',
  expired: 'This signature request has expired. Start a new one from your dashboard.',
  consentRequired: 'Please agree to sign electronically before signing.',
  typedNameRequired: 'Type your full name to sign.',
  typedNameTooLong: 'Your typed name can be at most 100 characters.',
  drawingRequired: 'Draw your signature in the box to sign.',
  drawingInvalid: 'The drawn signature could not be read. Clear the box and draw it again.',
  documentChanged: 'The agreement changed while you were reading it. Reload the page and read it again.',
  declineReasonTooLong: 'The reason can be at most 500 characters.',
  notSealedYet: 'The signed agreement is still being sealed. Try again in a moment.',
  requestNotFound: 'Signature request not found',
  noTemplate: 'No agreement template has been published yet. Please contact the label.',
  deadlineInvalid: 'Enter the last day the request can be signed.',
  deadlineTooLate: `A signature request can stay open at most ${SIGNATURE_DEADLINE_MAX_DAYS} days from today.`,
  deadlineClosed: 'Only a request that is awaiting a signature can get a new deadline.',
  verifyNoFile: 'Choose the PDF file you want to check.',
  verifyTooLarge: 'The file is larger than any sealed agreement (20 MB).',
  identityMismatch: 'The agreement can only be created for your own account.',
  providerUnavailable: 'Dropbox Sign could not be reached. Please try again in a moment.',
} as const;

export const SIGNED_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * What the signer is told before consenting to sign electronically: the disclosures consumer
 * e-signature law expects (US ESIGN Act §101(c); the UK and EU accept a simple electronic
 * signature with the same information). `{contact}` is the label's support address.
 */
export const ELECTRONIC_SIGNATURE_DISCLOSURES = [
  {
    title: 'Signing electronically',
    text: 'You can sign this agreement electronically. Your electronic signature has the same effect as a signature on paper.',
  },
  {
    title: 'Your right to a paper copy',
    text: 'You may ask for a paper copy of this agreement at any time, free of charge, by writing to {contact}.',
  },
  {
    title: 'Withdrawing your consent',
    text: 'You may withdraw your consent to sign electronically before you sign by choosing "Decline to sign" or by writing to {contact}. Withdrawing does not affect anything you signed before.',
  },
  {
    title: 'Getting a copy',
    text: 'Once signed, you can download the sealed PDF from the Contract Signing tab of your dashboard. We also keep a copy for you.',
  },
  {
    title: 'What you need',
    text: 'A current web browser and a PDF reader to open the signed copy. Tell us at {contact} if your e-mail address changes.',
  },
] as const;

export const CONSENT_LABEL =
  'I have read the information above and agree to use electronic records and signatures for this agreement.';

/** The disclosures with the label's contact address filled in. */
export function getSigningDisclosures(contact: string): { title: string; text: string }[] {
  return ELECTRONIC_SIGNATURE_DISCLOSURES.map((d) => ({
    title: d.title,
    text: d.text.replaceAll('{contact}', contact),
  }));
}

export const SIGNATURE_METHODS = ['typed', 'drawn'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

export const TYPED_NAME_MAX = 100;
/** A drawn signature arrives as a PNG data URL; this bounds it well above a real drawing. */
export const DRAWN_SIGNATURE_MAX_CHARS = 400_000;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** The refusal of what the signer entered, or null when it can be signed with. */
export function checkSignatureInput(input: {
  method: SignatureMethod;
  typedName?: string | undefined;
  drawnSignature?: string | undefined;
}): string | null {
  if (input.method === 'typed') {
    const name = (input.typedName ?? '').trim();
    if (name.length < 2) return SIGNING_MESSAGES.typedNameRequired;
    if (name.length > TYPED_NAME_MAX) return SIGNING_MESSAGES.typedNameTooLong;
    return null;
  }
  const drawing = input.drawnSignature ?? '';
  if (!drawing) return SIGNING_MESSAGES.drawingRequired;
  if (drawing.length > DRAWN_SIGNATURE_MAX_CHARS || !PNG_DATA_URL.test(drawing))
    return SIGNING_MESSAGES.drawingInvalid;
  return null;
}

/** Staff move an open request's last day: earlier (even past, which expires it) or later, ≤ 90 days. */
export function checkSignatureDeadline(lastDay: string, today: IsoDate): string | null {
  if (!isIsoDate(lastDay)) return SIGNING_MESSAGES.deadlineInvalid;
  if (compareIsoDates(lastDay, addDays(today, SIGNATURE_DEADLINE_MAX_DAYS)) > 0)
    return SIGNING_MESSAGES.deadlineTooLate;
  return null;
}

/** The message the Contract Signing tab shows when creating a request failed (spec 000 §8). */
export function describeContractCreateError(status: number, message: string): string {
  if (/identical request/i.test(message)) return CONTRACT_MESSAGES.identicalInProgress;
  if (status === 409) return CONTRACT_MESSAGES.conflict;
  return CONTRACT_MESSAGES.couldNotCreate;
}

/** The server's 409 body when two creations race (the spec's "identical request" case). */
export const IDENTICAL_REQUEST_MESSAGE = 'An identical request is already being processed.';
