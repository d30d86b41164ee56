import {
  formatFeedbackRatingInvitation,
  formatLongDate,
  formatReturningLinkOffer,
  formatReturningLinkReminder,
  getReleaseTypeLabel,
  getStatusLabel,
  type SubmissionForm,
  type SubmissionStatus,
  UPLOAD_TYPE_LABELS,
} from '../../../domain';
import { escapeHtml } from '../../../domain/display/escape-html';
import type { AppConfig } from '../../config';
import type { ComposedMail } from '../../providers/mail/mail';

export function paragraphsToHtml(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
}

type SummaryInput = Pick<
  SubmissionForm,
  | 'uploadType'
  | 'releaseTitle'
  | 'releaseType'
  | 'releaseStrategy'
  | 'releaseDate'
  | 'fullReleaseDate'
  | 'primaryGenre'
  | 'subGenre'
  | 'catalogueItems'
> & { tracks: readonly { title: string }[] };

/** The lines both mails share: what was submitted, in the words of the form. */
export function summariseSubmission(form: SummaryInput): string {
  const lines = [`Submission: ${UPLOAD_TYPE_LABELS[form.uploadType]}`];
  if (form.uploadType !== 'transfer') {
    const date = form.releaseStrategy === 'singles_first' ? form.fullReleaseDate : form.releaseDate;
    lines.push(
      `Release: ${form.releaseTitle} (${getReleaseTypeLabel(form.releaseType)})`,
      `Genre: ${[form.primaryGenre, form.subGenre].filter(Boolean).join(' / ')}`,
      `Release date: ${date ? (formatLongDate(date) ?? date) : 'not set'}`,
      `Tracks: ${form.tracks.map((t, i) => `${i + 1}. ${t.title}`).join(', ')}`,
    );
  }
  if (form.uploadType !== 'new-music') {
    lines.push(`Releases to transfer: ${form.catalogueItems.map((item) => item.title).join(', ')}`);
  }
  return lines.join('\n');
}

/** To the artist: we have it, this is what we got, and when they will hear from us. */
export function composeSubmissionConfirmation(
  config: AppConfig,
  form: SummaryInput & Pick<SubmissionForm, 'email' | 'firstName' | 'artistName'>,
): ComposedMail {
  const label = config.label.name;
  const paragraphs = [
    `Hi ${form.firstName.trim() || form.artistName.trim()},`,
    `Thank you for sending your music to ${label}. We have received your submission:`,
    summariseSubmission(form),
    `Our team reviews every submission within ${config.label.reviewPromise}. If it is a fit, we will reach out to you directly with artist-friendly terms, then guide you through release and onboarding.`,
    `Questions? Write to ${config.label.contactEmail}.`,
    `— The ${label} team`,
  ];
  return {
    kind: 'transactional',
    to: form.email.trim().toLowerCase(),
    subject: `We received your submission: ${form.artistName.trim()} - ${form.releaseTitle.trim() || 'catalogue transfer'}`,
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
    replyTo: config.label.contactEmail,
  };
}

/** To staff: a new item on the board, with a link to review it. */
export function composeNewSubmissionNotice(
  config: AppConfig,
  to: string,
  itemId: string,
  itemName: string,
  form: SummaryInput & Pick<SubmissionForm, 'email'>,
): ComposedMail {
  const link = `${config.publicUrl}/details/${itemId}`;
  const paragraphs = [
    `A new submission is on the board: ${itemName}`,
    summariseSubmission(form),
    `Artist e-mail: ${form.email}`,
    `Review it: ${link}`,
  ];
  return {
    kind: 'notices',
    to,
    subject: `New submission: ${itemName}`,
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
  };
}

/** What an approval says about returning-artist links: a new one, or the one still working. */
export type ReturningLinkOffer = { url: string } | { activeUntil: Date };

const describeReturningLinkOffer = (offer: ReturningLinkOffer) =>
  'url' in offer ? formatReturningLinkOffer(offer.url) : formatReturningLinkReminder(offer.activeUntil);

/** To the artist when staff change the status, with the staff member's message if any. */
export function composeStatusChangeMail(
  config: AppConfig,
  to: string,
  details: {
    artistName: string;
    releaseTitle: string;
    status: SubmissionStatus;
    message?: string | undefined;
    /** With an approval: a new returning-artist link, or the expiry of the one the artist holds. */
    returningLink?: ReturningLinkOffer | undefined;
    /** With a decision (approved, declined): where the artist rates its feedback. */
    rating?: { itemId: string; decisionId: number } | undefined;
  },
): ComposedMail {
  const label = config.label.name;
  const statusLabel = getStatusLabel(details.status);
  const paragraphs = [
    `Hi ${details.artistName},`,
    `The status of your submission "${details.releaseTitle}" is now: ${statusLabel}.`,
    ...(details.message ? [`A note from the ${label} team:\n${details.message}`] : []),
    ...(details.returningLink ? [describeReturningLinkOffer(details.returningLink)] : []),
    ...(details.rating
      ? [formatFeedbackRatingInvitation(config.publicUrl, details.rating.itemId, details.rating.decisionId)]
      : []),
    `Sign in to follow your submissions: ${config.publicUrl}/dashboard`,
    `— The ${label} team`,
  ];
  return {
    kind: 'transactional',
    to,
    subject: `Your submission "${details.releaseTitle}": ${statusLabel}`,
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
    replyTo: config.label.contactEmail,
  };
}

/** One point of a change request as the mail lists it: the field in words and the reviewer's note. */
export interface ChangeRequestPoint {
  label: string;
  note: string;
}

/**
 * To the artist when staff ask for changes: one mail listing every marked field with
 * its note, the reviewer's message (a filled template, maybe edited), and where to make them.
 */
export function composeChangeRequestMail(
  config: AppConfig,
  to: string,
  details: {
    itemId: string;
    artistName: string;
    releaseTitle: string;
    message?: string | undefined;
    points: readonly ChangeRequestPoint[];
    /** The change request's decision, which the artist can rate. */
    decisionId?: number | undefined;
  },
): ComposedMail {
  const label = config.label.name;
  const count = details.points.length;
  const paragraphs = [
    `Hi ${details.artistName},`,
    `Before we go on with your submission "${details.releaseTitle}", we need ${count === 1 ? 'one change' : `${count} changes`}:`,
    details.points.map((point, index) => `${index + 1}. ${point.label}: ${point.note}`).join('\n'),
    ...(details.message ? [`A note from the ${label} team:\n${details.message}`] : []),
    `Only these fields are open for editing. Make the changes and send your submission back for review: ${config.publicUrl}/submission/${details.itemId}`,
    ...(details.decisionId !== undefined
      ? [formatFeedbackRatingInvitation(config.publicUrl, details.itemId, details.decisionId)]
      : []),
    `— The ${label} team`,
  ];
  return {
    kind: 'transactional',
    to,
    subject: `Changes requested: "${details.releaseTitle}"`,
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
    replyTo: config.label.contactEmail,
  };
}

/** To the reviewer when the artist sends the changes back: what changed, and where to see it. */
export function composeResubmissionNotice(
  config: AppConfig,
  to: string,
  details: {
    itemId: string;
    itemName: string;
    roundNumber: number;
    changed: readonly string[];
    unchanged: readonly string[];
    comment?: string | undefined;
  },
): ComposedMail {
  const paragraphs = [
    `The artist sent back "${details.itemName}" after change request ${details.roundNumber}.`,
    ...(details.changed.length > 0
      ? [`Changed:\n${details.changed.map((label) => `- ${label}`).join('\n')}`]
      : []),
    ...(details.unchanged.length > 0
      ? [`Sent back unchanged:\n${details.unchanged.map((label) => `- ${label}`).join('\n')}`]
      : []),
    ...(details.comment ? [`The artist's comment:\n${details.comment}`] : []),
    `Review the changes: ${config.publicUrl}/details/${details.itemId}`,
  ];
  return {
    kind: 'notices',
    to,
    subject: `Changes sent back: ${details.itemName}`,
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
  };
}
