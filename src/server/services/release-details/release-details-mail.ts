import { escapeHtml } from '../../../domain/display/escape-html';
import type { AppConfig } from '../../config';
import type { ComposedMail } from '../../providers/mail/mail';

export interface ReleaseDetailsNotice {
  itemId: string;
  itemName: string;
  releaseTitle: string;
  artistName: string;
  tracks: readonly { title: string; isrc: string | null }[];
  artworkChanged: boolean;
}

/** To staff: the artist sent the release details of an item in progress; where to review them. */
export function composeReleaseDetailsNotice(
  config: AppConfig,
  to: string,
  notice: ReleaseDetailsNotice,
): ComposedMail {
  const link = `${config.publicUrl}/details/${notice.itemId}`;
  const trackLines = notice.tracks
    .map((track, index) => `${index + 1}. ${track.title} (ISRC: ${track.isrc ?? 'none given'})`)
    .join('\n');
  const paragraphs = [
    `${notice.artistName} has completed the release details of "${notice.releaseTitle}".`,
    `Tracks:\n${trackLines}`,
    notice.artworkChanged ? 'The artist also sent a new final artwork.' : 'The artwork is unchanged.',
    `Review them: ${link}`,
  ];
  return {
    kind: 'notices',
    to,
    subject: `Release details submitted: ${notice.itemName}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}
