import { type FieldError, isBlank } from '../common/field-error';
import type { Contributor, MasterSplit } from '../schemas/track';
import {
  formatMasterSplitsEnabledButEmpty,
  formatSplitInvalidPercentage,
  formatSplitMissingEmail,
  formatSplitMissingFirstName,
  formatSplitMissingLastName,
} from './messages';

/** The percentage input's bounds and step (spec 001 §5); the total is shown but never capped. */
export const MIN_SPLIT_PERCENTAGE = 0.1;
export const MAX_SPLIT_PERCENTAGE = 100;
export const SPLIT_PERCENTAGE_STEP = 0.1;

/**
 * The spec's check is "above 0" and its input allows 0.1 to 100; both are enforced here so the
 * server rejects what the input could never produce.
 */
export function isValidSplitPercentage(percentage: number): boolean {
  return (
    Number.isFinite(percentage) && percentage >= MIN_SPLIT_PERCENTAGE && percentage <= MAX_SPLIT_PERCENTAGE
  );
}

/** Sum for display, rounded to the input's step so 33.3 + 33.3 + 33.4 shows 100, not 99.99999. */
export function sumSplitPercentages(splits: readonly Pick<MasterSplit, 'percentage'>[]): number {
  const total = splits.reduce(
    (sum, split) => sum + (Number.isFinite(split.percentage) ? split.percentage : 0),
    0,
  );
  return Math.round(total * 10) / 10;
}

interface SplitOwner {
  title: string;
  hasMasterSplit: boolean;
  masterSplits: readonly MasterSplit[];
}

/**
 * Split rules for a catalogue item or a track: enabled splits need at least one split; a split
 * that names no contributor needs a first name, last name and e-mail; every split needs a
 * valid percentage. `field` is the path of the owner's splits, e.g. `catalogueItems.0.metadata.masterSplits`.
 */
export function validateMasterSplits(owner: SplitOwner, field: string): FieldError[] {
  if (!owner.hasMasterSplit) return [];
  if (owner.masterSplits.length === 0) {
    return [{ field, message: formatMasterSplitsEnabledButEmpty(owner.title) }];
  }
  return owner.masterSplits.flatMap((split, index) => {
    const n = index + 1;
    const at = `${field}.${index}`;
    const errors: FieldError[] = [];
    if (isBlank(split.contributorId)) {
      if (isBlank(split.firstName))
        errors.push({ field: `${at}.firstName`, message: formatSplitMissingFirstName(n) });
      if (isBlank(split.lastName))
        errors.push({ field: `${at}.lastName`, message: formatSplitMissingLastName(n) });
      if (isBlank(split.email)) errors.push({ field: `${at}.email`, message: formatSplitMissingEmail(n) });
    }
    if (!isValidSplitPercentage(split.percentage)) {
      errors.push({ field: `${at}.percentage`, message: formatSplitInvalidPercentage(n) });
    }
    return errors;
  });
}

/**
 * A new split takes what is left of 100%, so the usual case (shares adding up to 100) needs no
 * arithmetic; when nothing valid is left it starts at 0, which the percentage rule reports until
 * the artist types a share.
 */
export function createMasterSplit(
  id: string,
  existing: readonly Pick<MasterSplit, 'percentage'>[],
): MasterSplit {
  const remainder = Math.round((MAX_SPLIT_PERCENTAGE - sumSplitPercentages(existing)) * 10) / 10;
  return { id, percentage: isValidSplitPercentage(remainder) ? remainder : 0 };
}

/**
 * A split may name one of the track's contributors by id. When that person leaves the track the
 * split keeps its share under their name and e-mail instead of pointing at nobody; the split
 * rules then ask for whatever the contributor never gave (often the e-mail).
 */
export function detachSplitsFromContributor(
  splits: readonly MasterSplit[],
  contributor: Pick<Contributor, 'id' | 'firstName' | 'surname' | 'email'>,
): MasterSplit[] {
  return splits.map((split) => {
    if (split.contributorId !== contributor.id) return split;
    const { contributorId: _detached, ...rest } = split;
    return {
      ...rest,
      firstName: contributor.firstName,
      lastName: contributor.surname,
      ...(contributor.email ? { email: contributor.email } : {}),
    };
  });
}
