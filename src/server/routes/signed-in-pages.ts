import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ARTIST_SUBMISSIONS_PAGE_SIZE,
  artistProfileResponseSchema,
  artistSubmissionsQuerySchema,
  artistSubmissionsResponseSchema,
  BOARD_PAGE_SIZE,
  boardListQuerySchema,
  boardListResponseSchema,
  boardViewEntries,
  boardViewKey,
  getIsoDateOfInstant,
  type IsoDate,
  meResponseSchema,
  nextDeadlinesResponseSchema,
  parseBoardView,
  selectArtworkUrl,
  type UserRole,
} from '../../domain';
import { fileIdOfLink } from '../../domain/files/file-link';
import type { SignedInPageData } from '../../web/page-data';
import { getArtistProfile } from '../services/artists/get-artist-profile';
import { getImageMapping } from '../services/files/image-mapping';
import { readNextDeadlines } from '../services/release-planning/release-plans';
import { readPromiseClock } from '../services/response-promise/promise-settings';
import { readBoardPage } from '../services/submissions/read-board-page';
import { readArtistSubmissionsPage } from '../services/submissions/read-submissions';
import { requestNow } from '../test-clock';
import { mappingLinkLifetimeSeconds } from './files';

/**
 * The signed-in pages the server renders per request: their reader's data, read through
 * the services and shaped by the response schemas of the API routes the page's first render would
 * call, so each part is exactly what that route answers this reader: file links bound to the
 * session (`request.pageLinks`), the same page size, order and filter. routes/web.ts renders the
 * page with it (prerendered-pages.ts `renderNow`) and embeds it for the client's query cache
 * (src/web/page-data.ts).
 */

/** A page's data besides the reader (`user`), the screen guess and the day, which every page has. */
type PageParts = Omit<SignedInPageData, 'user' | 'wideScreen' | 'today'>;

interface SignedInPage {
  /** Who may open it: anyone else gets the plain shell, as before (the app then says so or signs them in). */
  role: UserRole;
  /** `today`: the day the page is rendered on, by the request's clock (UTC), for every part alike. */
  load(
    app: FastifyInstance,
    request: FastifyRequest,
    search: URLSearchParams,
    today: IsoDate,
  ): Promise<PageParts>;
}

/** Image mapping entries for the uploaded images these links show, as the mapping route answers them. */
async function imageMappingsOf(
  app: FastifyInstance,
  request: FastifyRequest,
  links: (string | null | undefined)[],
): Promise<SignedInPageData['imageMappings']> {
  const fileIds = [...new Set(links.map(fileIdOfLink).filter((id): id is string => id !== undefined))];
  if (fileIds.length === 0) return undefined;
  const mapping = await getImageMapping(
    { db: app.db, signer: request.pageLinks },
    request.auth?.user,
    fileIds,
    mappingLinkLifetimeSeconds,
  );
  // The browser reads an id the answer leaves out as null (web/api/image-mapping.ts).
  return Object.fromEntries(fileIds.map((fileId) => [fileId, mapping[fileId] ?? null]));
}

/** /dashboard: `GET /api/artist/profile` and the first page of `GET /api/profile/submissions`. */
async function loadDashboard(app: FastifyInstance, request: FastifyRequest): Promise<PageParts> {
  const auth = request.auth;
  if (!auth) throw new Error('no session');
  const deps = { db: app.db, signer: request.pageLinks };
  const profile = getArtistProfile(deps.signer, auth.artist ?? undefined, auth.user, auth.artistFacts);
  const page = await readArtistSubmissionsPage(
    { ...deps, cursorKey: app.signingKey },
    auth.artist?.id,
    artistSubmissionsQuerySchema.parse({ limit: ARTIST_SUBMISSIONS_PAGE_SIZE }),
  );
  const artistProfile = z.encode(artistProfileResponseSchema, { success: true, profile }).profile;
  const artistSubmissions = z.encode(artistSubmissionsResponseSchema, { success: true, ...page });
  return {
    artistProfile,
    artistSubmissions,
    imageMappings: await imageMappingsOf(app, request, [
      auth.user.picture,
      artistProfile.picture,
      ...artistSubmissions.submissions.map(selectArtworkUrl),
    ]),
  };
}

/**
 * /admin/board[?q=…&status=…&sort=…]: the first page of `GET /api/board/items` for the view the
 * page reads from its URL (domain/board/board-view.ts), under the same cache key, and
 * `GET /api/board/next-deadlines` for its rows, so each row is drawn whole at first paint rather
 * than growing a deadline line as that answer arrives.
 */
async function loadBoard(
  app: FastifyInstance,
  request: FastifyRequest,
  search: URLSearchParams,
  today: IsoDate,
): Promise<PageParts> {
  const imageMappings = await imageMappingsOf(app, request, [request.auth?.user.picture]);
  const view = parseBoardView(search);
  const query = boardListQuerySchema.safeParse({
    ...Object.fromEntries(boardViewEntries(view)),
    limit: BOARD_PAGE_SIZE,
  });
  // A view the API would refuse (a search too short to look for): the page asks, and says so.
  if (!query.success) return { imageMappings };
  const promise = await readPromiseClock(app.db, app.config, requestNow(app.config, request));
  const page = await readBoardPage(
    { db: app.db, cursorKey: app.signingKey, signer: request.pageLinks, promise },
    query.data,
  );
  const deadlines = await readNextDeadlines(
    app.db,
    page.items.map((item) => item.itemId),
    today,
  );
  return {
    board: {
      filter: boardViewKey(view),
      firstPage: z.encode(boardListResponseSchema, { success: true, ...page }),
      nextDeadlines: z.encode(nextDeadlinesResponseSchema, { success: true, deadlines }).deadlines,
    },
    imageMappings,
  };
}

const signedInPages: ReadonlyMap<string, SignedInPage> = new Map([
  ['/dashboard', { role: 'artist', load: loadDashboard }],
  ['/admin/board', { role: 'staff', load: loadBoard }],
]);

/** The signed-in page at `pathname`, if the server renders it. */
export function signedInPageAt(pathname: string): SignedInPage | undefined {
  return signedInPages.get(pathname);
}

/** The theme's `md` breakpoint (MUI's default, 900 px), from which a screen is wide. */
const WIDE_FROM_PX = 900;

/**
 * Whether the reader's screen is wide (≥ md), from the request: the width of the browser's window
 * where it says it (`Sec-CH-Viewport-Width`, which Chromium sends once a page of the site has
 * asked for it with `Accept-CH`: routes/web.ts), else guessed, since a phone says so in its client
 * hints (`Sec-CH-UA-Mobile: ?1`) or its user agent ("Mobile"). Only a page that lays itself out in
 * JavaScript needs it (the board's table or cards); a wrong guess (a narrow window on a desktop
 * without the width hint) costs one re-render after hydration, never a mismatch.
 */
export function guessWideScreen(request: FastifyRequest): boolean {
  const width = Number(request.headers['sec-ch-viewport-width']);
  if (Number.isFinite(width) && width > 0) return width >= WIDE_FROM_PX;
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return false;
  if (hint === '?0') return true;
  return !/Mobi/i.test(request.headers['user-agent'] ?? '');
}

/**
 * The data `page` is rendered with for the request's signed-in reader (request.auth, resolved and
 * checked by the caller): the reader as `GET /api/me` answers it, and the page's own parts.
 */
export async function loadSignedInPageData(
  app: FastifyInstance,
  request: FastifyRequest,
  page: SignedInPage,
  search: URLSearchParams,
): Promise<SignedInPageData> {
  const user = z.encode(meResponseSchema, { success: true, user: request.auth?.user ?? null }).user;
  if (!user) throw new Error('no session');
  const today = getIsoDateOfInstant(requestNow(app.config, request));
  return {
    user,
    ...(await page.load(app, request, search, today)),
    wideScreen: guessWideScreen(request),
    today,
  };
}
