import type { FieldError } from '../common/field-error';
import { sumSplitPercentages } from '../contributors/master-splits';
import type { TrackMetadata } from '../schemas/track';

/**
 * Release details (issue 8): what the label needs from the artist before distribution, once a
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
