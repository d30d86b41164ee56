import type { ServerResponse } from 'node:http';

/**
 * How the local stand-ins for external services (monday.com, Spotify, Turnstile, Dropbox Sign)
 * answer JSON: the status, the body, and any extra headers (Retry-After, say). Returns the status
 * so a handler can log what it answered.
 */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): number {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
  return status;
}
