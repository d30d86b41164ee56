import { getStatusLabel, parseSubmissionStatus } from './submission-status';

/**
 * Detail-page banner texts, word for word from spec 000 §4; `changes_requested` is Imprint's own,
 * in the same voice.
 */
export const STATUS_BANNERS = {
  pending: {
    title: 'Your submission is being reviewed',
    text: "We'll update you once we've reviewed your submission.",
  },
  changes_requested: {
    title: 'A few changes are needed',
    text: 'The label marked what to change, each with a note. Make the changes and send your submission back for review.',
  },
  processing: {
    title: 'Your music is being processed',
    text: 'Your music is being processed for distribution.',
  },
  approved: {
    title: 'Your release has been approved',
    text: 'Your release is scheduled and will go live on the release date.',
  },
  live: {
    title: 'Your music is now live!',
    text: 'Your music is now available on all platforms.',
  },
  rejected: {
    title: 'Your submission was not approved',
    text: 'Please check your email for details on why it was rejected.',
  },
} as const;

export const OTHER_STATUS_BANNER_TEXT = 'Check back for status updates on your submission.';

export function formatOtherStatusBannerTitle(status: string): string {
  return `Submission status: ${status}`;
}

export interface StatusBanner {
  title: string;
  text: string;
}

/**
 * The banner for a status. Statuses are canonical, so the spec's "exact lower-case match" is an
 * enum match; any other status is named by its label ('Submission status: In Progress').
 */
export function getStatusBanner(status: string): StatusBanner {
  const parsed = parseSubmissionStatus(status);
  if (parsed && parsed in STATUS_BANNERS) {
    return STATUS_BANNERS[parsed as keyof typeof STATUS_BANNERS];
  }
  const label = parsed ? getStatusLabel(parsed) : status;
  return { title: formatOtherStatusBannerTitle(label), text: OTHER_STATUS_BANNER_TEXT };
}
