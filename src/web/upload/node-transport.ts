import http from 'node:http';
import https from 'node:https';
import {
  TransportError,
  type TransportRequest,
  type TransportResponse,
  type UploadTransport,
} from './transport';

/** Error codes Node gives when no connection could be made at all. */
const connectFailures = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const WRITE_SLICE_BYTES = 64 * 1024;

/** Waits for room in the socket, or for its end (then the caller sees `settled` and stops). */
function drainOrClose(client: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      client.off('drain', done);
      client.off('close', done);
      resolve();
    };
    client.on('drain', done);
    client.on('close', done);
  });
}

/**
 * The upload transport for Node (tests, scripts): node:http(s), streaming a Blob body with backpressure
 * and reporting progress as it goes, so 200 MB never sits in memory twice. It behaves as a browser
 * does: it sends the page's Origin (`origin`) and sets Content-Length itself.
 */
export function createNodeTransport(options: { origin?: string; agent?: http.Agent } = {}): UploadTransport {
  return {
    send(request: TransportRequest) {
      return new Promise<TransportResponse>((resolve, reject) => {
        if (request.signal?.aborted) {
          reject(new TransportError('aborted'));
          return;
        }
        const url = new URL(request.url);
        const body = typeof request.body === 'string' ? new Blob([request.body]) : request.body;
        const headers: Record<string, string> = { ...request.headers };
        if (options.origin && request.method !== 'GET' && request.method !== 'HEAD')
          headers.origin = options.origin;
        if (body) headers['content-length'] = String(body.size);

        let settled = false;
        let connected = false;
        let responded = false;
        const client = (url.protocol === 'https:' ? https : http).request(url, {
          method: request.method,
          headers,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        const timer =
          request.timeoutMs && request.timeoutMs > 0
            ? setTimeout(() => fail(new TransportError('timeout')), request.timeoutMs)
            : undefined;
        const onAbort = () => fail(new TransportError('aborted'));
        request.signal?.addEventListener('abort', onAbort, { once: true });

        function cleanUp() {
          settled = true;
          if (timer) clearTimeout(timer);
          request.signal?.removeEventListener('abort', onAbort);
        }
        function fail(error: TransportError) {
          if (settled) return;
          cleanUp();
          client.destroy();
          reject(error);
        }

        client.on('socket', (socket) => {
          if (!socket.connecting) connected = true;
          else socket.once('connect', () => (connected = true));
        });
        client.on('error', (error: NodeJS.ErrnoException) => {
          // A server that answers early (413, a refusal) may close while the body is still going:
          // the answer counts, not the broken write.
          if (responded) return;
          const failure = !connected && connectFailures.has(error.code ?? '') ? 'connect' : 'network';
          fail(new TransportError(failure, error.message));
        });
        client.on('response', (response) => {
          responded = true;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) => fail(new TransportError('network', error.message)));
          response.on('close', () => {
            if (!response.complete) fail(new TransportError('network', 'The answer was cut short'));
          });
          response.on('end', () => {
            if (settled) return;
            cleanUp();
            // Stop a body the server no longer reads (it answered before taking all of it).
            if (!client.writableFinished) client.destroy();
            resolve({
              status: response.statusCode ?? 0,
              header: (name) => {
                const value = response.headers[name.toLowerCase()];
                return Array.isArray(value) ? value.join(', ') : value;
              },
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
        });

        void (async () => {
          if (!body) {
            client.end();
            return;
          }
          let loaded = 0;
          try {
            for await (const chunk of body.stream()) {
              // Node may hand over a whole in-memory part at once; slices keep progress (and a
              // cancel between two reports) fine-grained.
              for (let offset = 0; offset < chunk.byteLength; offset += WRITE_SLICE_BYTES) {
                if (settled || responded) return;
                const slice = chunk.subarray(offset, offset + WRITE_SLICE_BYTES);
                if (!client.write(slice)) await drainOrClose(client);
                loaded += slice.byteLength;
                request.onUploadProgress?.(loaded, body.size);
              }
            }
            if (!settled && !responded) client.end();
          } catch (error) {
            if (!settled && !responded)
              fail(new TransportError('network', error instanceof Error ? error.message : String(error)));
          }
        })();
      });
    },
  };
}
