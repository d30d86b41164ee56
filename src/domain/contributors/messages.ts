/** Contributor and split messages, word for word from spec 001 §5. */
export const ADD_CONTRIBUTOR_HINT = 'Add at least one person who worked on this track.';

export function formatMasterSplitsEnabledButEmpty(title: string): string {
  return `"${title}" has master splits enabled but no splits added`;
}

export function formatSplitMissingFirstName(splitNumber: number): string {
  return `Split #${splitNumber} missing first name`;
}

export function formatSplitMissingLastName(splitNumber: number): string {
  return `Split #${splitNumber} missing last name`;
}

export function formatSplitMissingEmail(splitNumber: number): string {
  return `Split #${splitNumber} missing email`;
}

export function formatSplitInvalidPercentage(splitNumber: number): string {
  return `Split #${splitNumber} has invalid percentage`;
}

/** Not quoted by the spec (it keeps Save disabled); shown next to the empty role picker. */
export const SELECT_A_ROLE = 'Select at least one role';
