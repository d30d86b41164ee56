export const RELEASE_TYPE_FILTERS = [
  { value: 'single', label: 'Single' },
  { value: 'ep', label: 'EP' },
  { value: 'lp', label: 'Album (LP)' },
] as const;
