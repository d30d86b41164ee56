/**
 * Imprint's ids (submissions, artists, uploads, invitations, links) are UUIDs made by the
 * database. Anything else cannot name a record: it is answered as not found without a query,
 * and never reaches PostgreSQL, which would refuse it with an error instead.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(value: string): boolean {
  return UUID.test(value);
}
