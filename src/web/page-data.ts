import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import type { SiteConfigResponse } from '../domain/api/system';
import type { SessionUser } from '../domain/auth/auth-schemas';
import { type IsoDate, isIsoDate } from '../domain/common/calendar-date';
import type { ArtistProfileResponse, ArtistSubmissionsResponse } from '../domain/schemas/artist-area';
import type { BoardListResponse } from '../domain/schemas/board';
import type { ImageMappingEntry } from '../domain/schemas/image-mapping';
import type { NextDeadlinesResponse } from '../domain/schemas/key-dates';
import { queryKeys } from './api/query-keys';

/**
 * What a page rendered on the server was rendered with besides the public config: the answers of
 * the queries its first render reads. The server embeds it beside the markup as
 * `<script id="imprint-page-data" type="application/json">`; the client puts it in its query cache
 * before hydrating, so its first render is the server's and the page does not ask again on load.
 *
 * A visitor's public page carries the site config alone (the mode, the reopening day, the response
 * promise: read at request time as `GET /api/config` would answer), and stands for 'nobody signed in'. A signed-in page, rendered per request for its reader (routes/signed-in-pages.ts),
 * also carries that reader's data, each part exactly as its API route answers it.
 */
export interface PageData {
  siteConfig: SiteConfigResponse;
  signedIn?: SignedInPageData;
}

/** The signed-in reader's data a page rendered per request was rendered with. */
export interface SignedInPageData {
  /** `GET /api/me`'s `user`. */
  user: SessionUser;
  /** `GET /api/artist/profile`'s `profile`. */
  artistProfile?: ArtistProfileResponse['profile'];
  /** The first page of `GET /api/profile/submissions` as the dashboard asks for it. */
  artistSubmissions?: ArtistSubmissionsResponse;
  /**
   * The first page of `GET /api/board/items` as the board asks for it, under its status filter, and
   * `GET /api/board/next-deadlines`'s `deadlines` for that page's rows.
   */
  board?: {
    filter: string;
    firstPage: BoardListResponse;
    nextDeadlines?: NextDeadlinesResponse['deadlines'];
  };
  /**
   * `GET /files/optimized/image-mapping.json` for the uploaded images the page shows: per file id,
   * its entry, or null when the mapping has none (as the browser reads an answer without it).
   */
  imageMappings?: Record<string, ImageMappingEntry | null>;
  /**
   * Whether the server took the screen for a wide one (≥ md; from the request's client hints and
   * user agent), where a page lays itself out by `useMediaQuery` rather than by CSS: the client
   * hydrates with the server's guess, then lays out for the real screen (`useWideScreen`).
   */
  wideScreen?: boolean;
  /**
   * The day the server rendered the page on (by the request's clock, UTC), for what it shows
   * relative to today (the board's "in 12 days"): the client hydrates with it, then shows the
   * reader's own day (`useToday`).
   */
  today?: IsoDate;
}

/** The server's guess of a wide screen while a server-rendered page is hydrated (`SignedInPageData.wideScreen`). */
export const WideScreenHintContext = createContext(false);
/** The day a server-rendered page was rendered on, while it is hydrated (`SignedInPageData.today`). */
export const RenderedTodayContext = createContext<IsoDate | undefined>(undefined);

/** A first page as `useInfiniteQuery` keeps it. */
const firstPage = <T>(page: T) => ({ pages: [page], pageParams: [undefined] });

export function seedQueries(client: QueryClient, data: PageData): void {
  client.setQueryData(queryKeys.siteConfig, data.siteConfig);
  const signedIn = data.signedIn;
  // A page without a reader's data is a visitor's prerendered page, which the server sends only to
  // a request without the session cookie: nobody is signed in, and the top bar need not ask
  // `/api/me` (nor load the schema it would parse the answer with).
  client.setQueryData(queryKeys.currentUser, signedIn ? signedIn.user : null);
  if (!signedIn) return;
  if (signedIn.artistProfile) client.setQueryData(queryKeys.artistProfile, signedIn.artistProfile);
  if (signedIn.artistSubmissions)
    client.setQueryData(queryKeys.artistSubmissions, firstPage(signedIn.artistSubmissions));
  const board = signedIn.board;
  if (board) {
    client.setQueryData(queryKeys.boardItems(board.filter), firstPage(board.firstPage));
    // A row the answer leaves out has no deadline ahead, as the batched ask reads it (api/key-dates.ts).
    if (board.nextDeadlines) {
      for (const { itemId } of board.firstPage.items) {
        client.setQueryData(queryKeys.nextDeadline(itemId), board.nextDeadlines[itemId] ?? null);
      }
    }
  }
  for (const [fileId, entry] of Object.entries(signedIn.imageMappings ?? {})) {
    client.setQueryData(queryKeys.imageMapping([fileId]), entry);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The signed-in part's shape, checked by hand (its parts are the API's answers, from the same response). */
function isSignedInPageData(value: unknown): value is SignedInPageData {
  if (!isObject(value)) return false;
  const { user, artistProfile, artistSubmissions, board, imageMappings, wideScreen, today } = value;
  return (
    isObject(user) &&
    typeof user.userId === 'string' &&
    (user.role === 'artist' || user.role === 'staff') &&
    (artistProfile === undefined || isObject(artistProfile)) &&
    (artistSubmissions === undefined ||
      (isObject(artistSubmissions) && Array.isArray(artistSubmissions.submissions))) &&
    (board === undefined ||
      (isObject(board) &&
        typeof board.filter === 'string' &&
        isObject(board.firstPage) &&
        Array.isArray(board.firstPage.items) &&
        (board.nextDeadlines === undefined || isObject(board.nextDeadlines)))) &&
    (imageMappings === undefined ||
      (isObject(imageMappings) &&
        Object.values(imageMappings).every((entry) => entry === null || isObject(entry)))) &&
    (wideScreen === undefined || typeof wideScreen === 'boolean') &&
    (today === undefined || isIsoDate(today))
  );
}

function isPageData(value: unknown): value is PageData {
  if (!isObject(value)) return false;
  const { siteConfig, signedIn } = value;
  return (
    isObject(siteConfig) &&
    typeof siteConfig.submissionsEnabled === 'boolean' &&
    (signedIn === undefined || isSignedInPageData(signedIn))
  );
}

/**
 * The embedded page data, when the server sent a rendered page; checked by hand, since zod is not
 * part of the first paint (as config.ts does for the public config).
 */
export function readPageData(doc: Document = document): PageData | undefined {
  const text = doc.getElementById('imprint-page-data')?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPageData(parsed)) return parsed;
  } catch {
    // Not JSON: treated as absent below.
  }
  console.warn('Ignoring invalid embedded page data');
  return undefined;
}
