import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the local stand-ins for external services (monday.com, Spotify, Turnstile, Dropbox Sign)
 * share: answering JSON, reading a body, listening and closing.
 */

/**
 * Answers JSON: the status, the body, and any extra headers (Retry-After, say). Returns the status
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

/** The whole request body. */
export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Listens on 127.0.0.1 and answers the port: `port` when given (the e2e server and `npm run imprint
 * -- stand-ins` are configured with a URL before the stand-in starts), else any free one. A fixed
 * port may be taken: that fails instead of waiting for ever.
 */
export async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Stops listening and drops open connections (a client's keep-alive would hold the close). */
export function close(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });
}
