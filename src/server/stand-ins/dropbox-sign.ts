import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { close, listen, readBody, sendJson } from './http';

/**
 * Test support and local development: a local stand-in for the Dropbox Sign API v3, speaking its
 * protocol for the calls Imprint makes (signature_request/create_embedded_with_template,
 * embedded/sign_url, signature_request/{id}, signature_request/files/{id}): HTTP Basic auth with
 * the API key as the user, errors as `{ error: { error_msg, error_path?, error_name } }`, unix-second timestamps. It
 * also plays Dropbox Sign's side of the callbacks: `sendEvent` posts a multipart/form-data `json`
 * field with an `event_hash` made as Dropbox Sign makes it.
 */
export interface DropboxSignStandInRequest {
  method: string;
  /** The path under the API root, e.g. /signature_request/create_embedded_with_template. */
  path: string;
  query: Record<string, string>;
  /** The Basic-auth user name (the API key), and whether a password was sent with it. */
  authUser: string | undefined;
  authPassword: string | undefined;
  contentType: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON bodies, asserted field by field in tests.
  body: any;
  status: number;
}

export interface StandInSignature {
  signature_id: string;
  signer_email_address: string;
  signer_name: string;
  signer_role: string;
  order: null;
  status_code: 'awaiting_signature' | 'signed' | 'declined';
  signed_at: number | null;
  last_viewed_at: number | null;
  last_reminded_at: null;
  decline_reason: string | null;
}

export interface StandInSignatureRequest {
  signature_request_id: string;
  test_mode: boolean;
  title: string;
  original_title: string;
  subject: string | null;
  message: string | null;
  metadata: Record<string, unknown>;
  created_at: number;
  expires_at: number | null;
  is_complete: boolean;
  is_declined: boolean;
  has_error: boolean;
  custom_fields: { name: string; value: string; type: 'text' }[];
  template_ids: string[];
  client_id: string;
  signatures: StandInSignature[];
  /** Canceled requests answer 410 Gone, as Dropbox Sign's do. */
  canceled: boolean;
}

export type DropboxSignEventType =
  | 'callback_test'
  | 'signature_request_sent'
  | 'signature_request_viewed'
  | 'signature_request_signed'
  | 'signature_request_all_signed'
  | 'signature_request_declined'
  | 'signature_request_expired'
  | 'signature_request_canceled'
  | 'signature_request_downloadable'
  | (string & {});

export interface DropboxSignStandIn {
  /** The API root, as DROPBOX_SIGN_API_URL (…/v3). */
  apiUrl: string;
  apiKey: string;
  clientId: string;
  templateId: string;
  /** Every API request received, in order, with the status it was answered. */
  requests: DropboxSignStandInRequest[];
  signatureRequests: Map<string, StandInSignatureRequest>;
  /** Every embedded sign_url handed out, in order. */
  issuedSignUrls: string[];
  /** The next `count` API calls answer 429 (with Retry-After, seconds) or 500. */
  failNext(count: number, failure: { status: 429; retryAfterSeconds: number } | { status: 500 }): void;
  /** The signed PDF this stand-in serves for a request (the same bytes on every download). */
  pdfOf(signatureRequestId: string): Promise<Uint8Array>;
  /**
   * Posts a callback like Dropbox Sign does, after applying the event to the request here (signed,
   * declined…), so a later GET signature_request agrees with it. `wrongHash` signs it with another key.
   */
  sendEvent(
    callbackUrl: string,
    eventType: DropboxSignEventType,
    signatureRequestId: string | undefined,
    options?: { wrongHash?: boolean; eventTime?: number; applyToRequest?: boolean; declineReason?: string },
  ): Promise<{ status: number; body: string }>;
  /** The callback's `json` field as Dropbox Sign would send it (for app.inject). */
  eventJson(
    eventType: DropboxSignEventType,
    signatureRequestId: string | undefined,
    options?: { wrongHash?: boolean; eventTime?: number },
  ): string;
  close(): Promise<void>;
}

/** The template's signer role and merge fields, as set up in Dropbox Sign for the stand-in. */
export const STAND_IN_TEMPLATE_ROLE = 'Artist';

const ACCOUNT_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

function basicAuth(header: string | undefined): { user: string; password: string } | undefined {
  const encoded = header?.match(/^Basic\s+(\S+)$/i)?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const hexId = () => randomBytes(20).toString('hex');

async function makeSignedPdf(request: StandInSignatureRequest): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(request.title);
  pdf.setProducer('Dropbox Sign stand-in');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText(request.title, { x: 56, y: 780, size: 18, font });
  let y = 740;
  for (const field of request.custom_fields) {
    page.drawText(`${field.name}: ${field.value}`, { x: 56, y, size: 11, font });
    y -= 18;
  }
  for (const signature of request.signatures) {
    page.drawText(`Signed by ${signature.signer_name} <${signature.signer_email_address}>`, {
      x: 56,
      y: y - 20,
      size: 11,
      font,
    });
    y -= 18;
  }
  const audit = pdf.addPage([595.28, 841.89]);
  audit.drawText('Audit trail', { x: 56, y: 780, size: 16, font });
  audit.drawText(`Signature request ${request.signature_request_id}`, { x: 56, y: 750, size: 10, font });
  return pdf.save({ useObjectStreams: false, updateFieldAppearances: false });
}

export async function startDropboxSignStandIn(
  options: {
    apiKey?: string;
    clientId?: string;
    templateId?: string;
    /** A fixed port (see listen); default any free one. */
    port?: number;
  } = {},
): Promise<DropboxSignStandIn> {
  const apiKey = options.apiKey ?? `stand-in-key-${randomBytes(8).toString('hex')}`;
  const clientId = options.clientId ?? randomBytes(16).toString('hex');
  const templateId = options.templateId ?? hexId();
  const requests: DropboxSignStandInRequest[] = [];
  const signatureRequests = new Map<string, StandInSignatureRequest>();
  const signatureIndex = new Map<string, string>();
  const issuedSignUrls: string[] = [];
  const pdfs = new Map<string, Promise<Uint8Array>>();
  const failures: Array<{ status: 429; retryAfterSeconds: number } | { status: 500 }> = [];
  let apiUrl = '';

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  const send = sendJson;
  const error = (response: ServerResponse, status: number, name: string, message: string, path?: string) =>
    send(response, status, {
      error: { error_msg: message, ...(path ? { error_path: path } : {}), error_name: name },
    });

  const publicRequest = (request: StandInSignatureRequest) => {
    const { canceled: _canceled, template_ids, client_id: _client, ...rest } = request;
    return {
      ...rest,
      template_ids,
      requester_email_address: 'label@example.com',
      signing_url: null,
      signing_redirect_url: null,
      details_url: `https://app.hellosign.com/home/manage?guid=${request.signature_request_id}`,
      files_url: `${apiUrl}/signature_request/files/${request.signature_request_id}`,
      final_copy_uri: `/v3/signature_request/final_copy/${request.signature_request_id}`,
      cc_email_addresses: [],
      response_data: [],
      attachments: [],
    };
  };

  const createRequest = (response: ServerResponse, body: unknown): number => {
    if (!body || typeof body !== 'object') return error(response, 400, 'bad_request', 'Invalid JSON body');
    const input = body as Record<string, unknown>;
    if (input.client_id !== clientId) {
      return error(response, 400, 'bad_request', 'No API app found for client_id', 'client_id');
    }
    const templateIds = input.template_ids;
    if (!Array.isArray(templateIds) || templateIds.length === 0) {
      return error(response, 400, 'bad_request', 'Missing parameter: template_ids', 'template_ids');
    }
    if (!templateIds.every((id) => id === templateId)) {
      return error(response, 404, 'not_found', 'Template not found', 'template_ids');
    }
    const signers = input.signers;
    if (!Array.isArray(signers) || signers.length === 0) {
      return error(response, 400, 'bad_request', 'Missing parameter: signers', 'signers');
    }
    for (const [index, signer] of (signers as Array<Record<string, unknown>>).entries()) {
      if (signer?.role !== STAND_IN_TEMPLATE_ROLE) {
        return error(
          response,
          400,
          'bad_request',
          `Role "${String(signer?.role)}" does not exist on the template`,
          `signers[${index}].role`,
        );
      }
      if (typeof signer.name !== 'string' || signer.name.trim() === '') {
        return error(response, 400, 'bad_request', 'Missing parameter: name', `signers[${index}].name`);
      }
      if (typeof signer.email_address !== 'string' || signer.email_address === '') {
        return error(
          response,
          400,
          'bad_request',
          'Missing parameter: email_address',
          `signers[${index}].email_address`,
        );
      }
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(signer.email_address)) {
        return error(
          response,
          400,
          'bad_request',
          'Invalid email address',
          `signers[${index}].email_address`,
        );
      }
    }
    const customFields = Array.isArray(input.custom_fields)
      ? (input.custom_fields as Array<{ name?: unknown; value?: unknown }>).map((field) => ({
          name: String(field.name),
          value: String(field.value ?? ''),
          type: 'text' as const,
        }))
      : [];
    const id = hexId();
    const title = typeof input.title === 'string' ? input.title : 'Untitled';
    const request: StandInSignatureRequest = {
      signature_request_id: id,
      test_mode: input.test_mode === true,
      title,
      original_title: title,
      subject: typeof input.subject === 'string' ? input.subject : null,
      message: typeof input.message === 'string' ? input.message : null,
      metadata: (input.metadata as Record<string, unknown>) ?? {},
      created_at: nowSeconds(),
      expires_at: null,
      is_complete: false,
      is_declined: false,
      has_error: false,
      custom_fields: customFields,
      template_ids: templateIds as string[],
      client_id: clientId,
      canceled: false,
      signatures: (signers as Array<{ name: string; email_address: string; role: string }>).map((signer) => ({
        signature_id: hexId(),
        signer_email_address: signer.email_address,
        signer_name: signer.name,
        signer_role: signer.role,
        order: null,
        status_code: 'awaiting_signature' as const,
        signed_at: null,
        last_viewed_at: null,
        last_reminded_at: null,
        decline_reason: null,
      })),
    };
    signatureRequests.set(id, request);
    for (const signature of request.signatures) signatureIndex.set(signature.signature_id, id);
    return send(response, 200, { signature_request: publicRequest(request) });
  };

  const answer = async (
    response: ServerResponse,
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
  ): Promise<number> => {
    const failure = failures.shift();
    if (failure?.status === 429) {
      return send(
        response,
        429,
        { error: { error_msg: 'Too many requests', error_name: 'exceeded_rate' } },
        {
          'retry-after': String(failure.retryAfterSeconds),
          'x-ratelimit-limit': '25',
          'x-ratelimit-limit-remaining': '0',
          'x-ratelimit-reset': String(nowSeconds() + failure.retryAfterSeconds),
        },
      );
    }
    if (failure?.status === 500) {
      return error(response, 500, 'unknown', 'An unknown error occurred');
    }

    if (method === 'POST' && path === '/signature_request/create_embedded_with_template') {
      return createRequest(response, body);
    }
    if (method === 'GET' && path === '/account') {
      return send(response, 200, {
        account: {
          account_id: 'stand-in-account',
          email_address: 'label@stand-in.example',
          is_locked: false,
        },
      });
    }
    let match = /^\/embedded\/sign_url\/([^/]+)$/.exec(path);
    if (method === 'GET' && match?.[1]) {
      const requestId = signatureIndex.get(match[1]);
      const request = requestId ? signatureRequests.get(requestId) : undefined;
      if (!request) return error(response, 404, 'not_found', 'Signature not found');
      if (request.canceled) return error(response, 410, 'deleted', 'This resource has been deleted');
      const signature = request.signatures.find((s) => s.signature_id === match?.[1]);
      if (signature?.status_code !== 'awaiting_signature') {
        return error(response, 409, 'conflict', 'This request has already been signed or declined');
      }
      const signUrl = `${apiUrl.replace(/\/v3$/, '')}/embedded-sign?signature_id=${signature.signature_id}&token=${randomBytes(12).toString('hex')}`;
      issuedSignUrls.push(signUrl);
      return send(response, 200, { embedded: { sign_url: signUrl, expires_at: nowSeconds() + 3600 } });
    }
    match = /^\/signature_request\/files\/([^/]+)$/.exec(path);
    if (method === 'GET' && match?.[1]) {
      const request = signatureRequests.get(match[1]);
      if (!request) return error(response, 404, 'not_found', 'Not found');
      if (request.canceled) return error(response, 410, 'deleted', 'This resource has been deleted');
      const fileType = query.file_type ?? 'pdf';
      if (fileType !== 'pdf' && fileType !== 'zip') {
        return error(response, 400, 'bad_request', 'Invalid file_type', 'file_type');
      }
      if (fileType === 'zip') return error(response, 400, 'bad_request', 'The stand-in only serves pdf');
      const bytes = await pdfOf(request.signature_request_id);
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${request.signature_request_id}.pdf"`,
      });
      response.end(Buffer.from(bytes));
      return 200;
    }
    match = /^\/signature_request\/([^/]+)$/.exec(path);
    if (method === 'GET' && match?.[1]) {
      const request = signatureRequests.get(match[1]);
      if (!request) return error(response, 404, 'not_found', 'Not found');
      if (request.canceled) return error(response, 410, 'deleted', 'This resource has been deleted');
      return send(response, 200, { signature_request: publicRequest(request) });
    }
    return error(response, 404, 'not_found', 'Not found');
  };

  const pdfOf = (signatureRequestId: string): Promise<Uint8Array> => {
    const request = signatureRequests.get(signatureRequestId);
    if (!request) return Promise.reject(new Error(`No signature request ${signatureRequestId}`));
    let pdf = pdfs.get(signatureRequestId);
    if (!pdf) {
      pdf = makeSignedPdf(request);
      pdfs.set(signatureRequestId, pdf);
    }
    return pdf;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const raw = await readBody(request);
      const contentType = request.headers['content-type'];
      let body: unknown;
      if (raw.length > 0 && contentType?.startsWith('application/json')) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          body = undefined;
        }
      }
      const auth = basicAuth(request.headers.authorization);
      const path = url.pathname.replace(/^\/v3(?=\/)/, '');
      const record: DropboxSignStandInRequest = {
        method: request.method ?? 'GET',
        path,
        query: Object.fromEntries(url.searchParams),
        authUser: auth?.user,
        authPassword: auth?.password,
        contentType,
        body,
        status: 0,
      };
      requests.push(record);
      if (!url.pathname.startsWith('/v3/')) {
        record.status = error(response, 404, 'not_found', 'Not found');
        return;
      }
      if (!auth || auth.user !== apiKey) {
        record.status = send(
          response,
          401,
          { error: { error_msg: 'Unauthorized api key', error_name: 'unauthorized' } },
          { 'www-authenticate': 'Basic realm="Dropbox Sign API"' },
        );
        return;
      }
      if (record.method === 'POST' && raw.length > 0 && body === undefined) {
        record.status = error(response, 400, 'bad_request', 'Invalid JSON body');
        return;
      }
      record.status = await answer(response, record.method, path, record.query, body);
    })().catch((caught: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(caught));
    });
  });
  const port = await listen(server, options.port);
  apiUrl = `http://127.0.0.1:${port}/v3`;

  const applyEvent = (
    request: StandInSignatureRequest,
    eventType: string,
    eventTime: number,
    declineReason: string | undefined,
  ) => {
    const signature = request.signatures[0];
    switch (eventType) {
      case 'signature_request_viewed':
        if (signature) signature.last_viewed_at = eventTime;
        break;
      case 'signature_request_signed':
      case 'signature_request_all_signed':
        for (const s of request.signatures) {
          s.status_code = 'signed';
          s.signed_at ??= eventTime;
        }
        request.is_complete = true;
        break;
      case 'signature_request_declined':
        if (signature) {
          signature.status_code = 'declined';
          signature.decline_reason = declineReason ?? null;
        }
        request.is_declined = true;
        break;
      case 'signature_request_expired':
        request.expires_at = eventTime;
        break;
      case 'signature_request_canceled':
        request.canceled = true;
        break;
    }
  };

  const eventPayload = (
    eventType: string,
    signatureRequestId: string | undefined,
    options: { wrongHash?: boolean; eventTime?: number },
  ) => {
    const eventTime = String(options.eventTime ?? nowSeconds());
    const key = options.wrongHash ? `${apiKey}-not-it` : apiKey;
    const eventHash = createHmac('sha256', key).update(`${eventTime}${eventType}`).digest('hex');
    const request = signatureRequestId ? signatureRequests.get(signatureRequestId) : undefined;
    return {
      event: {
        event_time: eventTime,
        event_type: eventType,
        event_hash: eventHash,
        event_metadata: {
          related_signature_id: request?.signatures[0]?.signature_id ?? null,
          reported_for_account_id: ACCOUNT_ID,
          reported_for_app_id: clientId,
          event_message: null,
        },
      },
      account_guid: ACCOUNT_ID,
      client_id: clientId,
      ...(request
        ? { signature_request: publicRequest(request) }
        : signatureRequestId
          ? { signature_request: { signature_request_id: signatureRequestId } }
          : {}),
    };
  };

  return {
    apiUrl,
    apiKey,
    clientId,
    templateId,
    requests,
    signatureRequests,
    issuedSignUrls,
    failNext(count, failure) {
      for (let i = 0; i < count; i += 1) failures.push(failure);
    },
    pdfOf,
    eventJson(eventType, signatureRequestId, options = {}) {
      return JSON.stringify(eventPayload(eventType, signatureRequestId, options));
    },
    async sendEvent(callbackUrl, eventType, signatureRequestId, options = {}) {
      const eventTime = options.eventTime ?? nowSeconds();
      const request = signatureRequestId ? signatureRequests.get(signatureRequestId) : undefined;
      if (request && options.applyToRequest !== false && !options.wrongHash) {
        applyEvent(request, eventType, eventTime, options.declineReason);
      }
      const form = new FormData();
      form.append(
        'json',
        JSON.stringify(eventPayload(eventType, signatureRequestId, { ...options, eventTime })),
      );
      const response = await fetch(callbackUrl, {
        method: 'POST',
        body: form,
        headers: { 'user-agent': 'HelloSign API' },
        signal: AbortSignal.timeout(15_000),
      });
      return { status: response.status, body: await response.text() };
    },
    close: () => close(server),
  };
}
