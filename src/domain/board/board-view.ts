import { isIsoDate } from '../common/calendar-date';
import { isDeliveryState } from '../delivery/delivery-states';
import { PRIMARY_GENRES } from '../reference/genres';
import type { DeliveryState } from '../schemas/delivery';
import { isSubmissionStatus, type SubmissionStatus } from '../status/submission-status';
import { BOARD_SORTS, type BoardSort } from './board-rules';

/**
 * What the staff board is showing: the search, the filters and the order, as the
 * page's URL carries them and `GET /api/board/items` takes them. The page reads it from its URL,
 * and so does the server when it renders the board for its reader (routes/signed-in-pages.ts),
 * so both ask for the same list under the same cache key. A filter added later is one more key.
 */
export interface BoardView {
  q?: string | undefined;
  status?: SubmissionStatus | undefined;
  releaseType?: string | undefined;
  genre?: string | undefined;
  releasedFrom?: string | undefined;
  releasedTo?: string | undefined;
  sort?: BoardSort | undefined;
  /** Only those past the response promise. */
  overdue?: 'true' | undefined;
  /** Only releases whose latest delivery to the stores stands so. */
  delivery?: DeliveryState | undefined;
}

const RELEASE_TYPES: readonly string[] = ['single', 'ep', 'lp'];

/** What the view is read from: a `URLSearchParams` (the page's, or the request's on the server). */
export interface QueryParams {
  get(name: string): string | null;
}

/**
 * The board's view from a query string: what the URL names and the server would take; anything
 * else is left out rather than refused, so an old or hand-edited link still opens the board. A
 * date range written backwards is dropped as a whole. No zod: the board the server rendered
 * hydrates before any schema has loaded.
 */
export function parseBoardView(params: QueryParams): BoardView {
  const view: BoardView = {};
  const q = params.get('q')?.trim();
  if (q) view.q = q.slice(0, 100);
  const status = params.get('status');
  if (isSubmissionStatus(status)) view.status = status;
  const type = params.get('releaseType');
  if (type && RELEASE_TYPES.includes(type)) view.releaseType = type;
  const genre = params.get('genre');
  if (genre && (PRIMARY_GENRES as readonly string[]).includes(genre)) view.genre = genre;
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
  // Past the response promise only (the Response promise page links here).
  if (params.get('overdue') === 'true') view.overdue = 'true';
  const delivery = params.get('delivery');
  if (isDeliveryState(delivery)) view.delivery = delivery;
  return view;
}

/** The view as query parameters, empty ones and the default order left out, in a fixed order. */
export function boardViewEntries(view: BoardView): [string, string][] {
  return Object.entries(view).filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === 'string' && entry[1] !== '' && !(entry[0] === 'sort' && entry[1] === 'newest'),
  );
}

/** The view in one word: its canonical query string, or `all` for the whole board (the list's cache key). */
export function boardViewKey(view: BoardView): string {
  const entries = boardViewEntries(view);
  if (entries.length === 0) return 'all';
  return entries.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

/** Whether anything narrows the board besides the status (the chips' counts follow these). */
export function hasNarrowingFilters(view: BoardView): boolean {
  return Boolean(
    view.q ||
      view.releaseType ||
      view.genre ||
      view.releasedFrom ||
      view.releasedTo ||
      view.overdue ||
      view.delivery,
  );
}
