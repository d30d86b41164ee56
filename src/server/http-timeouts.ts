import { type ServerOptions, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_HEADERS_TOO_LARGE, REQUEST_MALFORMED, REQUEST_TIMED_OUT } from '../domain';

/**
 * No request holds a connection. A client that stops sending is cut off, while an
 * upload that keeps sending, however long it takes, goes on:
 * - headers: the request line and headers must arrive within `headersMs` (Node's headersTimeout);
 * - idle: `idleMs` without a byte, in either direction, while a request is in progress ends it: a
 *   request whose body stalls (a multipart body whose closing boundary never comes) is answered 408,
 *   then closed; a response the client stops reading is closed;
 * - request: `requestMs` is the most a whole request, body included, may take to arrive (Node's
 *   requestTimeout), above every upload time-out of the web client (spec 001 §9: 5 and 10 minutes).
 * Between requests a kept-alive connection closes after Fastify's keepAliveTimeout (72 s: longer
 * than a load balancer's usual 60 s, so the balancer closes first and never reuses a closed one).
 * The multipart parts and fields limits are the upload route's (routes/api/upload.ts).
 */

export interface HttpTimeouts {
  headersMs: number;
  idleMs: number;
  /** 0: no limit on the whole request. */
  requestMs: number;
}

/** The request in progress on each socket (one at a time in HTTP/1.1), set when its headers are in. */
const inFlight = new WeakMap<Socket, { request: FastifyRequest; reply: FastifyReply }>();
const timedOut = new WeakSet<FastifyRequest>();

function jsonAnswer(status: number, message: string): { head: string; body: string } {
  const body = JSON.stringify({ success: false, error: message });
  const head =
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n';
  return { head, body };
}

/** The response Node is writing on a socket, if any (its own bookkeeping, as its default handler reads it). */
function responseOnSocket(socket: Socket): { headersSent?: boolean } | null | undefined {
  return (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
}

/**
 * Node's refusals of a request before Fastify sees it (headers or whole request too slow, headers
 * too large, a request that does not parse), in the domain's words and as JSON.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A request whose whole-request limit ran out while Fastify was reading its body.
  const current = inFlight.get(socket);
  if (current && !current.reply.raw.writableFinished) timedOut.add(current.request);
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 408 ? REQUEST_TIMED_OUT : status === 431 ? REQUEST_HEADERS_TOO_LARGE : REQUEST_MALFORMED;
  // Bytes written in the middle of a response would corrupt it: then only the connection ends.
  if (socket.writable && !responseOnSocket(socket)?.headersSent) {
    const { head, body } = jsonAnswer(status, message);
    socket.end(head + body);
  }
  socket.destroySoon();
}

/** The Fastify options that set the time limits above. */
export function httpServerOptions(timeouts: HttpTimeouts): {
  connectionTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => void;
} {
  const limits = [timeouts.headersMs, timeouts.requestMs].filter((ms) => ms > 0);
  return {
    // Sockets idle this long emit 'timeout', answered by registerIdleTimeouts below.
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // How often Node checks the headers and request limits (its default, 30 s, would let a
      // 30 s limit run to a minute): a tenth of the shortest limit, between 0.1 and 5 s.
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(5000, Math.floor(Math.min(...limits, 50_000) / 10)),
      ),
    },
    clientErrorHandler: answerClientError,
  };
}

/** True once a request was answered 408 for going quiet: what its handler throws afterwards is no news. */
export function wasTimedOut(request: FastifyRequest): boolean {
  return timedOut.has(request);
}

/** The idle rule: see the top of this file. Only a listening server has sockets; inject() has none. */
export const idleTimeouts: FastifyPluginAsync = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket as Socket | undefined;
    if (socket) inFlight.set(socket, { request, reply });
  });

  app.server.on('timeout', (socket: Socket) => {
    const current = inFlight.get(socket);
    // Between requests (a kept-alive connection, or one that never sent anything).
    if (!current || current.reply.raw.writableFinished) {
      socket.destroy();
      return;
    }
    const { request, reply } = current;
    if (!request.raw.complete) {
      timedOut.add(request);
      request.log.info({ url: request.url }, 'request body stopped arriving: answered 408');
      // A hijacked reply (tus) or one already started is not ours to write: only the connection ends.
      if (reply.sent || reply.raw.headersSent) {
        socket.destroy();
        return;
      }
      const { body } = jsonAnswer(408, REQUEST_TIMED_OUT);
      reply.raw.writeHead(408, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      });
      // Node forgets a request once its response has finished, so closing the socket would not
      // end the request's own stream: its reader (the multipart parser, a storage write) would wait
      // for the rest of the body forever, with the bytes so far left behind. Ended here instead.
      reply.raw.end(body, () => {
        request.raw.destroy();
        socket.destroy();
      });
      return;
    }
    // The whole request arrived and the answer has started, but the client stopped reading it.
    if (reply.raw.headersSent) {
      socket.destroy();
      return;
    }
    // The whole request arrived and the server is still working on the answer: the client is
    // waiting for it, and the handler's own time limits apply. The socket stays.
  });
});
