import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { INVALID_LIST_CURSOR, isRecordId, LIST_CURSOR_MISMATCH, type ListSort } from '../../../domain';
import { badRequest } from '../../errors';

/**
 * Keyset cursors of the paged lists. A cursor is the last row's (createdAt, id), the
 * totals counted with the first page, and a hash of the list it belongs to (which list, its order,
 * its filters, whose it is), under an HMAC with the installation's signing key (the one of file
 * links): `<payload>.<mac>`, both base64url. So a cursor cannot be forged or edited, and one of
 * another list, order, filter or artist is refused before any query runs.
 *
 * createdAt is the database's text with all its microseconds: a JavaScript Date keeps milliseconds
 * only, and two rows in the same millisecond would otherwise be skipped or repeated across pages.
 */
export interface ListScope {
  list: string;
  /** The list's order: a ListSort, or a list's own (the board's: BoardSort). */
  sort: ListSort | (string & {});
  /** The filters and owner the list is read with; undefined ones are left out. */
  filters: Record<string, string | undefined>;
}

export interface CursorPosition {
  /**
   * The row's place in the list's order: its createdAt (the database's text), or, for a list
   * ordered by another column (the artists by name), that column's value (`isKey` checks it).
   */
  createdAt: string;
  id: string;
}

export interface ListCursor {
  after: CursorPosition;
  /**
   * The totals as the first page counted them (whatever the list counts, in its own order), and
   * anything else the first page fixed for the later ones (the error events: their time window).
   */
  totals: number[];
  /**
   * The last row's value of the order's leading key, when the order leads with something other
   * than its time (the board by status: the status). Signed with the rest.
   */
  lead?: string;
}

const VERSION = 1;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function isCursorTime(value: string): boolean {
  return CURSOR_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

function scopeHash(scope: ListScope): string {
  const filters = Object.entries(scope.filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(JSON.stringify([scope.list, scope.sort, filters]))
    .digest('base64url')
    .slice(0, 16);
}

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(`list-cursor\n${payload}`).digest('base64url');
}

export function encodeListCursor(key: Buffer, scope: ListScope, cursor: ListCursor): string {
  const fields = [VERSION, scopeHash(scope), cursor.after.createdAt, cursor.after.id, cursor.totals];
  if (cursor.lead !== undefined) fields.push(cursor.lead);
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

function isTotals(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((n) => Number.isSafeInteger(n) && n >= 0);
}

/**
 * The position a cursor names, for this list. A cursor the server did not issue (garbage, edited,
 * signed by another installation) answers 400 INVALID_LIST_CURSOR; one of another list, order,
 * filter or artist answers 400 LIST_CURSOR_MISMATCH. Rows are named by UUID, unless the list says
 * how its ids look (`isId`: the audit trail's serial numbers), and placed by their createdAt, unless
 * the list is ordered by something else (`isKey`: the artists by name).
 */
export function decodeListCursor(
  key: Buffer,
  scope: ListScope,
  cursor: string,
  options: { isId?: (id: string) => boolean; isKey?: (key: string) => boolean } = {},
): ListCursor {
  const isId = options.isId ?? isRecordId;
  const isKey = options.isKey ?? isCursorTime;
  const [payload, given, ...rest] = cursor.split('.');
  if (!payload || !given || rest.length > 0) throw badRequest(INVALID_LIST_CURSOR);
  const expected = Buffer.from(mac(key, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw badRequest(INVALID_LIST_CURSOR);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_LIST_CURSOR);
  }
  if (!Array.isArray(parsed) || (parsed.length !== 5 && parsed.length !== 6) || parsed[0] !== VERSION) {
    throw badRequest(INVALID_LIST_CURSOR);
  }
  const [, hash, createdAt, id, totals, lead] = parsed as unknown[];
  if (hash !== scopeHash(scope)) throw badRequest(LIST_CURSOR_MISMATCH);
  if (
    typeof createdAt !== 'string' ||
    !isKey(createdAt) ||
    typeof id !== 'string' ||
    !isId(id) ||
    !isTotals(totals) ||
    (lead !== undefined && (typeof lead !== 'string' || lead.length > 100))
  ) {
    throw badRequest(INVALID_LIST_CURSOR);
  }
  return { after: { createdAt, id }, totals, ...(lead === undefined ? {} : { lead }) };
}
