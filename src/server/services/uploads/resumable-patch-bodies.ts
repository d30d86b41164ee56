import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Server } from '@tus/server';
import {
  type CancellationContext,
  type DataStore,
  ERRORS,
  EVENTS,
  StreamLimiter,
  type Upload,
} from '@tus/utils';

/** What of @tus/server's PATCH handler this reaches: `writeToStore` is protected there. */
interface PatchHandler {
  store: DataStore;
  send: Server['handlers']['PATCH']['send'];
  writeToStore(
    body: ReadableStream | Readable | null,
    upload: Upload,
    maxFileSize: number,
    context: CancellationContext,
  ): Promise<number>;
  listenerCount(event: string): number;
}

/**
 * PATCH bodies go from the socket to the store as Node streams. @tus/server 2 reads a
 * body as a web stream, srvx's `Readable.toWeb(request)` — which in Node 20 copies every chunk — and
 * turns it back into a Node stream for the store: about 0.3 s of CPU per GB besides the copy, a
 * promise or two per 64 KiB chunk. Here the PATCH handler is given the Node request as its body and
 * writes it as its own `writeToStore` does (a proxy between request and store, the size limit, the
 * same answers to a client that goes away or a store that fails), minus the two conversions.
 * Requests not made by `Server.handle` (no Node request behind them) take tus's own way.
 */
export function streamPatchBodiesFromTheSocket(server: Server): void {
  const patch = server.handlers.PATCH as unknown as PatchHandler;
  const send = patch.send.bind(patch);
  const writeToStore = patch.writeToStore.bind(patch);
  patch.send = (req, context, headers) => {
    const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    // POST_RECEIVE listeners would be given tus's stream: none here, but they keep tus's way.
    if (node && patch.listenerCount(EVENTS.POST_RECEIVE) === 0) {
      // Shadows srvx's `body` getter, which would start reading the request into a web stream.
      Object.defineProperty(req, 'body', { value: node, configurable: true });
    }
    return send(req, context, headers);
  };
  patch.writeToStore = (body, upload, maxFileSize, context) =>
    body instanceof Readable
      ? writeNodeBody(patch.store, body, upload, maxFileSize, context)
      : writeToStore(body, upload, maxFileSize, context);
}

/** @tus/server's BaseHandler.writeToStore, from a Node stream. */
async function writeNodeBody(
  store: DataStore,
  source: Readable,
  upload: Upload,
  maxFileSize: number,
  context: CancellationContext,
): Promise<number> {
  if (context.signal.aborted) throw ERRORS.ABORTED;
  // The store reads the proxy, never the request: a store that fails must not destroy the request,
  // whose socket still has to carry the answer.
  const proxy = new PassThrough();
  let sourceError: unknown;
  const onSourceError = (error: Error) => {
    sourceError = error;
    source.unpipe(proxy);
    // tus aborts the context when the request fails (Server.handle); then the proxy just ends.
    if (!context.signal.aborted) proxy.destroy(error);
  };
  // A client that goes away (or a lock wanted elsewhere) ends the write with what has arrived.
  const onAbort = () => {
    source.unpipe(proxy);
    if (!proxy.destroyed) proxy.end();
  };
  source.on('error', onSourceError);
  context.signal.addEventListener('abort', onAbort, { once: true });
  try {
    // The last step is given the limiter itself (typed as its iterable).
    const offset: number = await pipeline(
      source.pipe(proxy),
      new StreamLimiter(maxFileSize),
      async (limited: AsyncIterable<Buffer>) => store.write(limited as Readable, upload.id, upload.offset),
    );
    return offset;
  } catch (error) {
    source.unpipe(proxy);
    const fromSource = sourceError !== undefined && error === sourceError;
    const aborted = error instanceof Error && error.name === 'AbortError';
    throw fromSource || aborted ? ERRORS.ABORTED : error;
  } finally {
    source.off('error', onSourceError);
    context.signal.removeEventListener('abort', onAbort);
  }
}
