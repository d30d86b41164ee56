import {
  BOARD_SORTS,
  type BoardSort,
  isIsoDate,
  PRIMARY_GENRES,
  submissionStatusSchema,
} from '../../../../domain';
import type { BoardView } from '../../../api/board';

export const RELEASE_TYPE_FILTERS = [
  { value: 'single', label: 'Single' },
  { value: 'ep', label: 'EP' },
  { value: 'lp', label: 'Album (LP)' },
] as const;

/**
 * The board's view from the page's query string (issue 20 §5): what the URL names and the server
 * would take; anything else is left out rather than refused, so an old or hand-edited link still
 * opens the board. A date range written backwards is dropped as a whole.
 */
export function parseBoardView(params: URLSearchParams): BoardView {
  const view: BoardView = {};
  const q = params.get('q')?.trim();
  if (q) view.q = q.slice(0, 100);
  const status = submissionStatusSchema.safeParse(params.get('status'));
  if (status.success) view.status = status.data;
  const type = params.get('releaseType');
  if (RELEASE_TYPE_FILTERS.some((option) => option.value === type)) view.releaseType = type ?? undefined;
  const genre = params.get('genre');
  if (genre && (PRIMARY_GENRES as string[]).includes(genre)) view.genre = genre;
  const from = params.get('releasedFrom');
  const to = params.get('releasedTo');
  const fromOk = from && isIsoDate(from) ? from : undefined;
  const toOk = to && isIsoDate(to) ? to : undefined;
  if (!(fromOk && toOk && fromOk > toOk)) {
    if (fromOk) view.releasedFrom = fromOk;
    if (toOk) view.releasedTo = toOk;
  }
  const sort = params.get('sort');
  if ((BOARD_SORTS as readonly string[]).includes(sort ?? '')) view.sort = sort as BoardSort;
  return view;
}

/** Whether anything narrows the board besides the status (the chips' counts follow these). */
export function hasNarrowingFilters(view: BoardView): boolean {
  return Boolean(view.q || view.releaseType || view.genre || view.releasedFrom || view.releasedTo);
}
