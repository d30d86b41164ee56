import { errorChain } from '../errors';

/**
 * Whether an error means the database cannot be reached right now (as opposed to a query that is
 * wrong): the server is down or restarting, the connection broke, the pool could not connect in
 * time, or the embedded database was closed. Such a request answers 503 and the next one tries
 * again: the pool opens new connections by itself once the server is back.
 */

/** Node's socket errors on connect or mid-query. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (the server is shutting
 * down, crashed, or not yet accepting connections), 53300 (too many connections).
 */
const SQLSTATE_UNAVAILABLE = /^(08\d{3}|57P0[1-3]|53300)$/;

/** node-postgres and PGlite say these in words only. */
const UNAVAILABLE_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|is not currently accepting connections|PGlite is closed|Cannot use a pool after calling end/i;

/** A failed fetch() to another service carries the same socket codes: not the database. */
function isFetchFailure(error: unknown): boolean {
  for (const cause of errorChain(error)) {
    if (cause instanceof TypeError && cause.message === 'fetch failed') return true;
  }
  return false;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (isFetchFailure(error)) return false;
  for (const cause of errorChain(error)) {
    if (typeof cause !== 'object' || cause === null) continue;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
    const message = (cause as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_WORDS.test(message)) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'Imprint is briefly unavailable. Please try again in a moment.';

/** Seconds a client should wait before trying again. */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL's disk_full (SQLSTATE 53100): a write found no room for the table, index or WAL it
 * had to extend. PGlite raises the same when its files in DATA_DIR meet a full disk. The statement's
 * transaction is rolled back whole, so nothing it did is kept and nothing committed before is lost.
 */
const SQLSTATE_DISK_FULL = '53100';

export function isDatabaseFull(error: unknown): boolean {
  for (const cause of errorChain(error)) {
    if ((cause as { code?: unknown } | null)?.code === SQLSTATE_DISK_FULL) return true;
  }
  return false;
}

export const DATABASE_FULL_MESSAGE =
  'The server cannot save right now. Nothing was lost; please try again in a few minutes.';

/** Room comes back when someone frees it: minutes, not seconds. */
export const DATABASE_FULL_RETRY_AFTER_SECONDS = 120;
