import type { z } from 'zod';

/** A non-2xx answer (or an unreadable one) from our own API, with the server's words when it sent any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    /** The parsed JSON body, when there was one. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/**
 * A response schema that is loaded when the first answer arrives instead of with the page: the
 * requests the layout makes on every page (the session, the submission mode) use it, so zod is
 * not part of the first paint. The answer is still parsed, never cast.
 */
export class DeferredSchema<S extends z.ZodType> {
  private loading: Promise<S> | undefined;

  constructor(private readonly load: () => Promise<S>) {}

  resolve(): Promise<S> {
    this.loading ??= this.load().catch((error: unknown) => {
      // A chunk that failed to load (a dropped connection) is tried again with the next answer.
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }
}

/** What a request's answer is parsed with: a schema, or one loaded on first use. */
export type ResponseSchema<S extends z.ZodType> = S | DeferredSchema<S>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Picks the text to show from an error body. The spec's endpoints answer `{ error: '...' }`;
 * Fastify's own errors answer `{ statusCode, error: 'Bad Request', message: '...' }`, where
 * `error` is only the status phrase and `message` says what went wrong.
 */
function errorText(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message, statusCode } = body as Record<string, unknown>;
    const fastifyShape = typeof statusCode === 'number';
    const first = fastifyShape ? message : error;
    const second = fastifyShape ? error : message;
    if (typeof first === 'string' && first) return first;
    if (typeof second === 'string' && second) return second;
  }
  return `HTTP ${status}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls our API with JSON in and out, session cookie included, and parses the answer with
 * `schema` (never a cast: a response that does not match is an error, not a surprise later).
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  responseSchema: ResponseSchema<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers,
  };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Failed to connect to server');
  }

  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, errorText(response.status, body), body);

  let schema: S;
  try {
    schema = responseSchema instanceof DeferredSchema ? await responseSchema.resolve() : responseSchema;
  } catch {
    // The schema's code could not be fetched: the connection, as far as the page can tell.
    throw new ApiError(0, 'Failed to connect to server');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'Failed to parse server response', body);
  return parsed.data;
}

export function apiGet<S extends z.ZodType>(path: string, schema: ResponseSchema<S>, signal?: AbortSignal) {
  return apiRequest(path, schema, signal ? { signal } : {});
}

export function apiPost<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: ResponseSchema<S>,
  signal?: AbortSignal,
) {
  return apiRequest(path, schema, signal ? { method: 'POST', body, signal } : { method: 'POST', body });
}
