import { formatLongDate } from '../common/calendar-date';
import type { Submission } from '../schemas/submission';
import { isAwaitingReleaseDetails } from '../status/submission-status';

export const TBD = 'TBD';

/** A date for people: US English long format, or 'TBD' when missing or unreadable (spec 000 §4). */
export function formatDisplayDate(value: string | null | undefined): string {
  if (value == null || value.trim() === '') return TBD;
  return formatLongDate(value.trim()) ?? TBD;
}

const RELEASE_TYPE_LABELS: Readonly<Record<string, string>> = { single: 'Single', ep: 'EP', lp: 'Album' };

/** Single, EP and Album (for lp); any other type as given; 'Release' when absent (spec 000 §4). */
export function getReleaseTypeLabel(releaseType: string | null | undefined): string {
  if (releaseType == null || releaseType.trim() === '') return 'Release';
  return RELEASE_TYPE_LABELS[releaseType.trim().toLowerCase()] ?? releaseType;
}

export type DashboardTab = 0 | 1;

/**
 * `?tab=` of /dashboard: 0 or 1. Any other value shows tab 0 and asks the page to rewrite the
 * URL to tab=0; an absent tab is simply 0 (spec 000 §2, §5).
 */
export function parseDashboardTab(query: string | null | undefined): {
  tab: DashboardTab;
  replaceWith?: '0';
} {
  if (query == null) return { tab: 0 };
  if (query === '0' || query === '1') return { tab: Number(query) as DashboardTab };
  return { tab: 0, replaceWith: '0' };
}

/** Artwork: the submission's own, else the first transferred release's, else the first catalogue item's image. */
export function selectArtworkUrl(
  submission: Pick<Submission, 'artworkUrl' | 'transferMetadata' | 'catalogueItems'>,
): string | undefined {
  const candidates = [
    submission.artworkUrl,
    submission.transferMetadata?.releases[0]?.artworkUrl,
    submission.catalogueItems?.[0]?.image,
  ];
  return candidates.find((url): url is string => typeof url === 'string' && url.trim() !== '');
}

/** In-progress submissions open the release-details page instead of the detail page (spec 000 §2). */
export function getSubmissionPath(submission: Pick<Submission, 'itemId' | 'status'>): string {
  const id = encodeURIComponent(submission.itemId);
  return isAwaitingReleaseDetails(submission.status) ? `/release-details/${id}` : `/submission/${id}`;
}

/** Analytics shows N/A for a missing vital or URL (spec 001 §2). */
export function formatOptionalValue(value: string | number | null | undefined): string {
  return value == null || value === '' ? 'N/A' : String(value);
}
