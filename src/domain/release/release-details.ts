import type { IsoDate } from '../common/calendar-date';
import type { FieldError } from '../common/field-error';
import { hasContributors, validateContributor } from '../contributors/contributor-dialog';
import { sumSplitPercentages, validateMasterSplits } from '../contributors/master-splits';
import {
  checkProductionYear,
  getMaxProductionYear,
  MIN_PRODUCTION_YEAR,
} from '../contributors/production-year';
import { validateSocialClips } from '../contributors/track-details';
import {
  formatTrackNeedsContributors,
  formatTrackNeedsProductionYear,
  formatTrackProductionYearOutOfRange,
} from '../music/messages';
import { getTrackContributorsField } from '../music/music-validation';
import type { TrackMetadata } from '../schemas/track';

/**
 * Release details: what the label needs from the artist before distribution, once a
 * submission is in progress. Per track an optional ISRC, the credits, splits, lyrics, explicit flag
 * and clips; and optionally a final artwork.
 */

/** CC-XXX-YY-NNNNN: country, registrant (letters or digits), year, designation (ISO 3901). */
const ISRC_COMPACT = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/;

export const ISRC_INVALID = 'ISRC must look like CC-XXX-YY-NNNNN, for example GB-A1B-25-00042';

/** The ISRC in its written form (`GB-A1B-25-00042`), from any spacing, hyphens or case; null if it is not one. */
export function normaliseIsrc(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (!ISRC_COMPACT.test(compact)) return null;
  return `${compact.slice(0, 2)}-${compact.slice(2, 5)}-${compact.slice(5, 7)}-${compact.slice(7)}`;
}

export function formatSplitTotalWarning(title: string, total: number): string {
  return `The master splits of "${title}" add up to ${Number(total.toFixed(1))}%, not 100%`;
}

export interface ReleaseDetailsTrackInput {
  title: string;
  isrc?: string | undefined;
  metadata: Pick<TrackMetadata, 'hasMasterSplit' | 'masterSplits'>;
}

export interface ReleaseDetailsCheck {
  /** Refuse the submission for review (a draft may still be saved). */
  errors: FieldError[];
  /** Shown, but do not block: the spec lets split totals differ from 100 (001 §5). */
  warnings: FieldError[];
}

/** ISRCs must be well-formed when given; splits that do not total 100% are warned about. */
export function checkReleaseDetails(tracks: readonly ReleaseDetailsTrackInput[]): ReleaseDetailsCheck {
  const errors: FieldError[] = [];
  const warnings: FieldError[] = [];
  tracks.forEach((track, index) => {
    const isrc = track.isrc?.trim() ?? '';
    if (isrc !== '' && normaliseIsrc(isrc) === null) {
      errors.push({ field: `tracks.${index}.isrc`, message: ISRC_INVALID });
    }
    if (track.metadata.hasMasterSplit && track.metadata.masterSplits.length > 0) {
      const total = sumSplitPercentages(track.metadata.masterSplits);
      if (Math.abs(total - 100) > 0.001) {
        warnings.push({
          field: `tracks.${index}.metadata.masterSplits`,
          message: formatSplitTotalWarning(track.title, total),
        });
      }
    }
  });
  return { errors, warnings };
}

const CONTRIBUTOR_LISTS = ['featuredArtists', 'nonFeaturedArtists', 'producers'] as const;

export interface ReleaseDetailsReviewTrack {
  title: string;
  isrc?: string | undefined;
  metadata: TrackMetadata;
}

function trackIndexOf(field: string): number {
  const match = /^tracks\.(\d+)/.exec(field);
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
}

/**
 * Everything checked before release details go to the label, by the page and again by the
 * server: well-formed ISRCs, and per track the submission form's own rules (spec 001 §5:
 * contributors or solo work, each contributor complete, a production year in range, complete
 * splits, well-formed clips) with its messages. Errors come track by track in page order; split
 * totals other than 100% are only warnings.
 */
export function checkReleaseDetailsForReview(
  tracks: readonly ReleaseDetailsReviewTrack[],
  today: IsoDate,
): ReleaseDetailsCheck {
  const release = checkReleaseDetails(tracks);
  const errors = [...release.errors];
  tracks.forEach((track, index) => {
    const n = index + 1;
    const title = track.title.trim();
    const at = `tracks.${index}.metadata`;
    const { metadata } = track;
    if (!hasContributors(metadata)) {
      errors.push({
        field: getTrackContributorsField(index),
        message: formatTrackNeedsContributors(n, title),
      });
    }
    if (!metadata.soloWork) {
      for (const list of CONTRIBUTOR_LISTS) {
        metadata[list].forEach((contributor, c) => {
          for (const problem of validateContributor(contributor)) {
            errors.push({
              field: `${at}.${list}.${c}.${problem.field}`,
              message: `Track ${n} "${title}": ${problem.message}`,
            });
          }
        });
      }
    }
    const year = checkProductionYear(metadata.productionYear, today);
    if (year === 'missing') {
      errors.push({ field: `${at}.productionYear`, message: formatTrackNeedsProductionYear(n, title) });
    } else if (year === 'out-of-range') {
      errors.push({
        field: `${at}.productionYear`,
        message: formatTrackProductionYearOutOfRange(
          n,
          title,
          MIN_PRODUCTION_YEAR,
          getMaxProductionYear(today),
        ),
      });
    }
    errors.push(...validateMasterSplits({ title, ...metadata }, `${at}.masterSplits`));
    if (metadata.socialClipsEnabled)
      errors.push(...validateSocialClips(metadata.socialClips, `${at}.socialClips`));
  });
  // A stable sort keeps each track's own order (ISRC first, then credits as the form shows them).
  errors.sort((a, b) => trackIndexOf(a.field) - trackIndexOf(b.field));
  return { errors, warnings: release.warnings };
}
