/**
 * An error with an HTTP status and a message fit for the user (the spec's words). Services throw
 * it; the error handler in app.ts answers `{ success: false, error, details? }` with the status.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: {
      details?: unknown;
      headers?: Record<string, string>;
      /** Fields of the answer beside `error`, for a route whose callers read them (`missing`). */
      fields?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, message, { details });
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** An error and the causes behind it, outermost first: where a wrapped failure says what it was. */
export function* errorChain(error: unknown): Generator<unknown> {
  let current: unknown = error;
  // Bounded: a cause chain that loops back on itself must not hang the error handler.
  for (let depth = 0; current && depth < 5; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}
