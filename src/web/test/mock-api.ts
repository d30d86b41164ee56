import { vi } from 'vitest';

/** A request the page made, as `mockApi` recorded it. */
export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * Answers fetch with `respond(request)` as JSON: `{ status, body }`. Records every request, so a
 * test can check what the page asked for.
 */
export function mockApi(respond: (request: RecordedRequest) => { status: number; body: unknown }) {
  const requests: RecordedRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request = { method: init?.method ?? 'GET', url, body: text ? JSON.parse(text) : undefined };
    requests.push(request);
    const answer = respond(request);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { requests, spy };
}
