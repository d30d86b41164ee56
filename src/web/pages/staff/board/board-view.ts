export const RELEASE_TYPE_FILTERS = [
  { value: 'single', label: 'Single' },
  { value: 'ep', label: 'EP' },
  { value: 'lp', label: 'Album (LP)' },
] as const;

/** The view's filters behind the board's Filters control: a release date range counts as one. */
export function countActiveFilters(view: {
  releaseType?: string | undefined;
  genre?: string | undefined;
  delivery?: string | undefined;
  releasedFrom?: string | undefined;
  releasedTo?: string | undefined;
  overdue?: string | undefined;
}): number {
  return [
    view.releaseType,
    view.genre,
    view.delivery,
    view.releasedFrom || view.releasedTo,
    view.overdue === 'true' ? 'true' : undefined,
  ].filter(Boolean).length;
}
