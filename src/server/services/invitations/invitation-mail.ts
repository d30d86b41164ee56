import { formatLongDate, getIsoDateOfInstant } from '../../../domain';
import { escapeHtml } from '../../../domain/display/escape-html';
import type { AppConfig } from '../../config';
import type { ComposedMail } from '../../providers/mail/mail';

export function invitationUrlOf(config: AppConfig, token: string): string {
  return `${config.publicUrl}/i/${token}`;
}

export interface InvitationMailInput {
  to: string;
  firstName: string;
  artistName: string;
  /** The staff member who sent it, named so the artist knows who to answer. */
  invitedBy: { name: string | null; email: string } | undefined;
  invitationReason: string | null;
  url: string;
  expiresAt: Date;
}

/** The artist's personal invitation: who invites, why, what to have ready, the link and its expiry. */
export function composeInvitationMail(config: AppConfig, input: InvitationMailInput): ComposedMail {
  const label = config.label.name;
  const expiry = formatLongDate(getIsoDateOfInstant(input.expiresAt)) ?? input.expiresAt.toISOString();
  const inviter = input.invitedBy
    ? `${input.invitedBy.name ? `${input.invitedBy.name} (${input.invitedBy.email})` : input.invitedBy.email} from ${label}`
    : `The ${label} team`;
  const prepare = [
    'What to have ready:',
    '• your tracks as WAV files',
    '• your artwork, square',
    '• the release title, genre and the date you would like it out',
    '• the credits of each track (featured artists, producers, any master split)',
    '• a short bio and your streaming and social profiles',
  ].join('\n');
  const paragraphs = [
    `Hi ${input.firstName},`,
    `${inviter} invites ${input.artistName} to submit music to ${label}.`,
    ...(input.invitationReason ? [`Why we are reaching out:\n${input.invitationReason}`] : []),
    `This is your personal link to the submission form, with your details already filled in:\n${input.url}`,
    prepare,
    `The link works once, until ${expiry}. ${config.label.reviewPromise}`,
    `— The ${label} team`,
  ];
  const html = paragraphs
    .map((p) => {
      const escaped = escapeHtml(p).replace(/\n/g, '<br>');
      return `<p>${escaped.replace(escapeHtml(input.url), `<a href="${escapeHtml(input.url)}">${escapeHtml(input.url)}</a>`)}</p>`;
    })
    .join('\n');
  return {
    kind: 'transactional',
    to: input.to,
    subject: `${label} invites you to submit your music`,
    text: paragraphs.join('\n\n'),
    html,
    replyTo: input.invitedBy?.email ?? config.label.contactEmail,
  };
}
