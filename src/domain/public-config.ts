/**
 * What the browser needs to know about this installation before its first render: the label's
 * name and contact address, the review promise, and whether development mode is on.
 * The server embeds it in index.html as JSON (`<script id="imprint-config" type="application/json">`),
 * so the app renders with the right names at once and the CSP needs no inline script. Its schema
 * is public-config-schema.ts: the app reads this before its first paint, which carries no zod.
 */
export interface PublicConfig {
  labelName: string;
  contactEmail: string;
  reviewPromise: string;
  devMode: boolean;
  version: string;
  social: { video?: string | undefined; music?: string | undefined; photo?: string | undefined };
  /** Cloudflare Turnstile's site key, when the installation uses it on the submission form. */
  turnstileSiteKey?: string | undefined;
}

export const defaultPublicConfig: PublicConfig = {
  labelName: 'Imprint',
  contactEmail: 'hello@imprint.example',
  reviewPromise: '5-7 days',
  devMode: false,
  version: '0.0.0',
  social: {},
};

/** The label's about page: `/about-{label-name}-` (spec 001 §2), the name lower-cased and hyphenated. */
export function aboutPath(labelName: string): string {
  const slug = labelName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `/about-${slug || 'label'}-`;
}
