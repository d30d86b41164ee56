import { bodySize, TransportError, type TransportRequest, type UploadTransport } from './transport';

/**
 * The browser transport. XMLHttpRequest rather than fetch because only XHR reports upload
 * progress in every browser; its own `timeout` is the whole exchange, as the spec's limits mean.
 */
export function createXhrTransport(): UploadTransport {
  return {
    send(request: TransportRequest) {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        // XHR reports a refused connection and one dropped mid-way alike; having seen upload
        // progress or response headers is the only sign that a connection existed.
        let connected = false;
        const onAbort = () => xhr.abort();
        const finish = () => request.signal?.removeEventListener('abort', onAbort);

        if (request.signal?.aborted) {
          reject(new TransportError('aborted'));
          return;
        }
        xhr.open(request.method, request.url);
        for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
        xhr.timeout = request.timeoutMs ?? 0;
        const total = bodySize(request.body);
        if (request.onUploadProgress && request.body !== undefined) {
          const report = request.onUploadProgress;
          xhr.upload.onprogress = (event) => {
            if (event.loaded > 0) connected = true;
            report(event.loaded, event.lengthComputable ? event.total : total);
          };
        }
        xhr.onreadystatechange = () => {
          if (xhr.readyState >= XMLHttpRequest.HEADERS_RECEIVED) connected = true;
        };
        xhr.onload = () => {
          finish();
          resolve({
            status: xhr.status,
            header: (name) => xhr.getResponseHeader(name) ?? undefined,
            text: xhr.responseText,
          });
        };
        xhr.onerror = () => {
          finish();
          reject(new TransportError(connected ? 'network' : 'connect'));
        };
        xhr.ontimeout = () => {
          finish();
          reject(new TransportError('timeout'));
        };
        xhr.onabort = () => {
          finish();
          reject(new TransportError('aborted'));
        };
        request.signal?.addEventListener('abort', onAbort, { once: true });
        xhr.send(request.body ?? null);
      });
    },
  };
}
