import type { AppConfig } from '../../config';
import type { ComposedMail } from '../../providers/mail/mail';
import { paragraphsToHtml } from '../submissions/submission-mails';

/**
 * To the artist once an approved release's schedule is prepared: what it is, and
 * where to sign it. A new version after a change says so.
 */
export function composeScheduleToSignMail(
  config: AppConfig,
  to: string,
  details: { artistName: string; releaseTitle: string; version: number; submissionId: string },
): ComposedMail {
  const label = config.label.name;
  const paragraphs = [
    `Hi ${details.artistName},`,
    details.version > 1
      ? `"${details.releaseTitle}" changed after it was approved, so its schedule to your artist agreement has a new version (${details.version}) that lists what is approved now.`
      : `"${details.releaseTitle}" is approved. It now has a schedule to your artist agreement: the release as approved, each track with its credits and splits, and the fingerprint (SHA-256) of each approved file.`,
    `Please read and sign it on the release's page: ${config.publicUrl}/submission/${details.submissionId}`,
    `— The ${label} team`,
  ];
  return {
    kind: 'legal',
    to,
    subject: `Sign the release schedule of "${details.releaseTitle}"`,
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
    replyTo: config.label.contactEmail,
  };
}
