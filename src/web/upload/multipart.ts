/**
 * A multipart/form-data body as one Blob. Built by hand instead of with FormData so both
 * transports send the same bytes with a known size (exact progress in Node too), and the file
 * part is a reference to the file, not a copy: Blobs made of Blobs share their data.
 */
export interface MultipartBody {
  contentType: string;
  body: Blob;
  /** Bytes before the file's content; with the file's size, maps body progress to file progress. */
  fileOffset: number;
}

/** Quotes a name as the HTML standard has browsers do it: ", CR and LF percent-encoded. */
function quoted(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

function randomBoundary(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `----ImprintUpload${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Text fields first, then the file: the server then knows the file's type, and so its exact size
 * limit, before the first byte of the file arrives.
 */
export function buildMultipartBody(
  fields: Record<string, string | undefined>,
  file: { field: string; name: string; type: string; content: Blob },
  boundary: string = randomBoundary(),
): MultipartBody {
  const encoder = new TextEncoder();
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    head += `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`;
  }
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.name)}\r\n` +
    `Content-Type: ${file.type || 'application/octet-stream'}\r\n\r\n`;
  const headBytes = encoder.encode(head);
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: new Blob([headBytes, file.content, tail]),
    fileOffset: headBytes.length,
  };
}
