import type { SignatureStatusValue } from '../../../domain';

/**
 * An e-signature provider that hosts the signing (Dropbox Sign embedded signing). The
 * built-in signing needs none of this; with a provider configured, requests are created there
 * from its template and its webhooks move the status.
 */
export interface ExternalSigning {
  readonly name: 'dropbox_sign';
  /** The provider's client id, for its embedded signing client in the browser. */
  readonly clientId: string;
  readonly testMode: boolean;
  /** POST signature_request/create_embedded_with_template. */
  createEmbeddedRequest(input: {
    requestId: string;
    title: string;
    signerName: string;
    signerEmail: string;
    customFields: Record<string, string>;
  }): Promise<{ providerRequestId: string; providerSignatureId: string }>;
  /** GET embedded/sign_url/{signature_id}: a short-lived URL for the embedded client. */
  getSignUrl(providerSignatureId: string): Promise<{ signUrl: string; expiresAt: Date }>;
  /** GET signature_request/{id}, reduced to Imprint's statuses. */
  getStatus(providerRequestId: string): Promise<SignatureStatusValue>;
  /** GET signature_request/files/{id}?file_type=pdf: the signed PDF with the provider's audit trail. */
  downloadSignedPdf(providerRequestId: string): Promise<Uint8Array>;
  /** GET account: the API key works (health checks and the test dashboard). */
  checkAccount(): Promise<{ emailAddress: string }>;
  /** Checks a callback event's `event_hash` (HMAC-SHA256 of event_time + event_type with the API key). */
  verifyEvent(event: { event_time: string; event_type: string; event_hash: string }): boolean;
}
