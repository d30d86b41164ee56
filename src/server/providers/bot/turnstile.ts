import { z } from 'zod';
import { AppError } from '../../errors';

/** Checks a Cloudflare Turnstile token (optional bot protection, design.md §1). */
export interface TurnstileVerifier {
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export const TURNSTILE_UNAVAILABLE =
  'We could not check that this submission comes from a person. Please try again in a few minutes.';

// https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
/** siteverify's error codes that are the installation's or Cloudflare's fault, not the token's. */
const SERVER_SIDE_ERRORS = new Set([
  'missing-input-secret',
  'invalid-input-secret',
  'bad-request',
  'internal-error',
]);
const siteverifyResponseSchema = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
  hostname: z.string().optional(),
});

/**
 * Turnstile's siteverify: a form-encoded POST of the secret, the token and the visitor's IP. A
 * token is good once and for 300 s; Cloudflare says so with `success: false` and error codes. When
 * siteverify itself cannot be reached the submission is not waved through: the artist is told to
 * retry (503), and nothing is stored.
 */
export class CloudflareTurnstile implements TurnstileVerifier {
  constructor(
    private readonly secretKey: string,
    private readonly verifyUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async verify(token: string, remoteIp: string): Promise<boolean> {
    if (token.trim() === '') return false;
    const body = new URLSearchParams({ secret: this.secretKey, response: token, remoteip: remoteIp });
    let response: Response;
    try {
      response = await fetch(this.verifyUrl, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new AppError(503, TURNSTILE_UNAVAILABLE);
    }
    if (!response.ok) throw new AppError(503, TURNSTILE_UNAVAILABLE);
    const parsed = siteverifyResponseSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new AppError(503, TURNSTILE_UNAVAILABLE);
    // A wrong secret or Cloudflare's own failure says nothing about the visitor: telling a person
    // their submission looks like a bot's would be false, so these are "try again" like an outage.
    const codes = parsed.data['error-codes'] ?? [];
    if (!parsed.data.success && codes.some((code) => SERVER_SIDE_ERRORS.has(code)))
      throw new AppError(503, TURNSTILE_UNAVAILABLE);
    return parsed.data.success;
  }
}
