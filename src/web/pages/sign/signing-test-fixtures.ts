import { DEMO_AGREEMENT_TEMPLATE, renderAgreement, type SigningDocument } from '../../../domain';

/** What GET /api/signing/:token answers in the signing page's tests. */
export const SIGNING_TOKEN = 'q3Jx8vN1b2c3d4e5f6g7h8i9j0kLmNoPqRsTuVwXyZ0';
export const SIGNING_TEXT_SHA = 'a3f1c9e27b5d4f60812e9c3b7a5d1f0e4c2b8a6d9e7f1c3b5a7d9e1f3c5b7a9d';
export const signingApiBase = `/api/signing/${SIGNING_TOKEN}`;

/** The demo agreement made out to Maya Rivers, awaiting her signature on the built-in page. */
export function signingDocument(overrides: Partial<SigningDocument> = {}): SigningDocument {
  return {
    requestId: 'b2c4e6f8-1a3c-4e5f-8a9b-0c1d2e3f4a5b',
    status: 'awaiting_signature',
    title: 'Artist Agreement',
    text: renderAgreement(DEMO_AGREEMENT_TEMPLATE.body, {
      artistName: 'Maya Rivers',
      artistEmail: 'maya@example.com',
      labelName: 'Imprint',
      date: '21 November 2026',
    }),
    documentSha256: SIGNING_TEXT_SHA,
    signerName: 'Maya Rivers',
    signerEmail: 'maya@example.com',
    labelName: 'Imprint',
    contactEmail: 'hello@label.example',
    templateVersion: 3,
    createdAt: '2026-11-21T09:00:00.000Z',
    expiresAt: '2026-12-21T09:00:00.000Z',
    provider: 'builtin',
    ...overrides,
  };
}
