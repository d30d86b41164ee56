import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignatureStatusValue } from '../../../domain';
import type { ExternalSigning } from './external-signing';

/** The template role the artist signs as: the Dropbox Sign template must define a signer role of this name. */
export const DROPBOX_SIGN_SIGNER_ROLE = 'Artist';

/**
 * Where Dropbox Sign posts its events: the account's callback URL is PUBLIC_URL followed by this
 * path. routes/api/contracts/dropbox-sign.ts serves it; policies/authentication.ts exempts it from
 * the session and the Origin check, since only the event's HMAC authenticates it.
 */
export const DROPBOX_SIGN_CALLBACK_PATH = '/api/contracts/dropbox-sign/callback';

export interface DropboxSignOptions {
  apiKey: string;
  clientId: string;
  templateId: string;
  testMode: boolean;
  /** e.g. https://api.hellosign.com/v3 */
  apiUrl: string;
  timeoutMs?: number;
  /** Downloads are larger and slower than the JSON calls. */
  downloadTimeoutMs?: number;
  /** A Retry-After longer than this fails at once instead of holding the caller. */
  maxRetryAfterSeconds?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A refused or failed call. `status` is the HTTP status (0 when Dropbox Sign could not be reached),
 * `errorName` and `errorMsg` Dropbox Sign's own `error.error_name` / `error.error_msg`.
 * `transient` ones (network, 429, 5xx) may succeed later unchanged.
 */
export class DropboxSignError extends Error {
  override name = 'DropboxSignError';
  constructor(
    message: string,
    readonly status: number,
    readonly errorName: string | undefined,
    readonly errorMsg: string | undefined,
  ) {
    super(message);
  }

  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

interface ApiSignature {
  signature_id?: unknown;
  signer_email_address?: unknown;
  status_code?: unknown;
}

interface ApiSignatureRequest {
  signature_request_id?: unknown;
  is_complete?: unknown;
  is_declined?: unknown;
  expires_at?: unknown;
  signatures?: ApiSignature[] | null;
}

/** How many times a 429 is retried after waiting its Retry-After. */
const RATE_LIMIT_RETRIES = 2;
/** One retry of a read after a 5xx; writes are never repeated (a second request could be created). */
const SERVER_ERROR_RETRIES = 1;
const SERVER_ERROR_BACKOFF_MS = 500;

/** Retry-After in seconds (or an HTTP date); else Dropbox Sign's X-Ratelimit-Reset (unix seconds). */
function retryAfterSeconds(headers: Headers, now: number): number | undefined {
  const header = headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, (at - now) / 1000);
  }
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset - now / 1000);
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Dropbox Sign API v3 (https://developers.hellosign.com/api): embedded signing from a template.
 * HTTP Basic auth with the API key as the user name and no password; errors are
 * `{ error: { error_msg, error_name } }` with a 4xx/5xx status.
 */
export class DropboxSign implements ExternalSigning {
  readonly name = 'dropbox_sign' as const;
  readonly clientId: string;
  readonly testMode: boolean;
  private readonly authorization: string;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: DropboxSignOptions) {
    this.clientId = options.clientId;
    this.testMode = options.testMode;
    this.authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async createEmbeddedRequest(input: {
    requestId: string;
    title: string;
    signerName: string;
    signerEmail: string;
    customFields: Record<string, string>;
  }): Promise<{ providerRequestId: string; providerSignatureId: string }> {
    const response = await this.call('POST', '/signature_request/create_embedded_with_template', {
      client_id: this.options.clientId,
      template_ids: [this.options.templateId],
      title: input.title,
      subject: input.title,
      signers: [{ role: DROPBOX_SIGN_SIGNER_ROLE, name: input.signerName, email_address: input.signerEmail }],
      custom_fields: Object.entries(input.customFields).map(([name, value]) => ({ name, value })),
      // Ties the provider's request (and every callback about it) back to Imprint's row.
      metadata: { imprint_request_id: input.requestId },
      test_mode: this.options.testMode,
    });
    const body = (await response.json()) as { signature_request?: ApiSignatureRequest };
    const request = body.signature_request;
    const providerRequestId = text(request?.signature_request_id);
    const signatures = request?.signatures ?? [];
    const signerEmail = input.signerEmail.toLowerCase();
    const signature =
      signatures.find((s) => text(s.signer_email_address)?.toLowerCase() === signerEmail) ?? signatures[0];
    const providerSignatureId = text(signature?.signature_id);
    if (!providerRequestId || !providerSignatureId) {
      throw new DropboxSignError(
        'Dropbox Sign created the request without a signature_request_id or signature_id',
        response.status,
        undefined,
        undefined,
      );
    }
    return { providerRequestId, providerSignatureId };
  }

  async getSignUrl(providerSignatureId: string): Promise<{ signUrl: string; expiresAt: Date }> {
    const response = await this.call('GET', `/embedded/sign_url/${encodeURIComponent(providerSignatureId)}`);
    const body = (await response.json()) as { embedded?: { sign_url?: unknown; expires_at?: unknown } };
    const signUrl = text(body.embedded?.sign_url);
    const expiresAt = body.embedded?.expires_at;
    if (!signUrl || typeof expiresAt !== 'number') {
      throw new DropboxSignError(
        'Dropbox Sign answered without embedded.sign_url',
        response.status,
        undefined,
        undefined,
      );
    }
    return { signUrl, expiresAt: new Date(expiresAt * 1000) };
  }

  async getStatus(providerRequestId: string): Promise<SignatureStatusValue> {
    let body: { signature_request?: ApiSignatureRequest };
    try {
      const response = await this.call('GET', `/signature_request/${encodeURIComponent(providerRequestId)}`);
      body = (await response.json()) as typeof body;
    } catch (error) {
      // A canceled request is gone from the API (410 Gone): it can no longer be signed.
      if (error instanceof DropboxSignError && error.status === 410) return 'expired';
      throw error;
    }
    const request = body.signature_request;
    if (!request) {
      throw new DropboxSignError(
        'Dropbox Sign answered without signature_request',
        200,
        undefined,
        undefined,
      );
    }
    return reduceStatus(request, this.now());
  }

  async downloadSignedPdf(providerRequestId: string): Promise<Uint8Array> {
    const response = await this.call(
      'GET',
      `/signature_request/files/${encodeURIComponent(providerRequestId)}?file_type=pdf`,
      undefined,
      this.options.downloadTimeoutMs ?? 60_000,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A proxy's error page or a JSON body with status 200 must not be sealed as the agreement.
    if (bytes.length < 5 || Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
      throw new DropboxSignError(
        `Dropbox Sign answered a file that is not a PDF (${bytes.length} bytes)`,
        response.status,
        undefined,
        undefined,
      );
    }
    return bytes;
  }

  async checkAccount(): Promise<{ emailAddress: string }> {
    const response = await this.call('GET', '/account', undefined, 10_000);
    const body = (await response.json()) as { account?: { email_address?: unknown } };
    return { emailAddress: text(body.account?.email_address) ?? '' };
  }

  verifyEvent(event: { event_time: string; event_type: string; event_hash: string }): boolean {
    if (typeof event.event_hash !== 'string' || !/^[0-9a-f]{64}$/i.test(event.event_hash)) return false;
    const expected = createHmac('sha256', this.options.apiKey)
      .update(`${event.event_time}${event.event_type}`)
      .digest();
    const given = Buffer.from(event.event_hash, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    timeoutMs = this.options.timeoutMs ?? 15_000,
  ): Promise<Response> {
    const endpoint = path.split('?')[0];
    let rateLimitRetries = 0;
    let serverErrorRetries = 0;
    for (;;) {
      let response: Response;
      try {
        response = await fetch(`${this.options.apiUrl}${path}`, {
          method,
          headers: {
            authorization: this.authorization,
            accept:
              method === 'GET' && path.startsWith('/signature_request/files/')
                ? 'application/pdf'
                : 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new DropboxSignError(
          `Dropbox Sign could not be reached for ${method} ${endpoint}: ${(error as Error).message}`,
          0,
          undefined,
          undefined,
        );
      }
      if (response.ok) return response;

      if (response.status === 429 && rateLimitRetries < RATE_LIMIT_RETRIES) {
        const wait = retryAfterSeconds(response.headers, this.now()) ?? 1;
        if (wait <= (this.options.maxRetryAfterSeconds ?? 10)) {
          rateLimitRetries += 1;
          await response.body?.cancel();
          await this.sleep(Math.ceil(wait * 1000));
          continue;
        }
      }
      if (response.status >= 500 && method === 'GET' && serverErrorRetries < SERVER_ERROR_RETRIES) {
        serverErrorRetries += 1;
        await response.body?.cancel();
        await this.sleep(SERVER_ERROR_BACKOFF_MS);
        continue;
      }
      throw await errorOf(response, method, endpoint ?? path);
    }
  }
}

async function errorOf(response: Response, method: string, endpoint: string): Promise<DropboxSignError> {
  let errorName: string | undefined;
  let errorMsg: string | undefined;
  try {
    const body = (await response.json()) as { error?: { error_msg?: unknown; error_name?: unknown } };
    errorName = text(body.error?.error_name);
    errorMsg = text(body.error?.error_msg);
  } catch {
    // Not Dropbox Sign's JSON (a proxy's page): the status alone says what happened.
  }
  const detail = errorName || errorMsg ? `: ${errorName ?? 'error'}: ${errorMsg ?? ''}`.trimEnd() : '';
  return new DropboxSignError(
    `Dropbox Sign answered ${response.status} for ${method} ${endpoint}${detail}`,
    response.status,
    errorName,
    errorMsg,
  );
}

/**
 * Imprint's status of a provider request: complete → signed; a declined signature → declined;
 * past its `expires_at` (unix seconds) while still open → expired; otherwise awaiting.
 */
export function reduceStatus(request: ApiSignatureRequest, nowMs: number): SignatureStatusValue {
  const codes = (request.signatures ?? []).map((s) => text(s.status_code));
  if (request.is_declined === true || codes.includes('declined')) return 'declined';
  if (request.is_complete === true || (codes.length > 0 && codes.every((code) => code === 'signed'))) {
    return 'signed';
  }
  if (typeof request.expires_at === 'number' && request.expires_at * 1000 <= nowMs) return 'expired';
  return 'awaiting_signature';
}
