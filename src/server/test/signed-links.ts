/**
 * A response with every signed file link cut to its path, for comparing two reads: a link carries
 * its own expiry second, so two reads a second apart differ only there.
 */
export function unsignedLinks(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (_key, value) =>
    typeof value === 'string' && /^(https?:\/\/[^/]+)?\/files\//.test(value)
      ? new URL(value, 'http://imprint.test').pathname
      : value,
  );
}
