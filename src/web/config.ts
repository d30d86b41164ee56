import { createContext, useContext } from 'react';
import { defaultPublicConfig, type PublicConfig } from '../domain/public-config';

const isString = (value: unknown): value is string => typeof value === 'string';
const isText = (value: unknown): value is string => isString(value) && value.length > 0;
const isOptionalString = (value: unknown) => value === undefined || isString(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether `value` has the shape of `publicConfigSchema` (src/domain/public-config-schema.ts). Checked by
 * hand because this runs before the first render and zod is not part of the first paint;
 * the server built the object from its validated configuration, and config.test.ts
 * holds this check to the schema's answer on valid and broken samples.
 */
export function isPublicConfig(value: unknown): value is PublicConfig {
  if (!isRecord(value) || !isRecord(value.social)) return false;
  const { social } = value;
  return (
    isText(value.labelName) &&
    isString(value.contactEmail) &&
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.contactEmail) &&
    isText(value.reviewPromise) &&
    typeof value.devMode === 'boolean' &&
    isString(value.version) &&
    isOptionalString(value.turnstileSiteKey) &&
    [social.video, social.music, social.photo].every((url) => url === undefined || isUrl(url))
  );
}

function isUrl(value: unknown): boolean {
  if (!isString(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The installation's public configuration, embedded by the server in index.html as
 * `<script id="imprint-config" type="application/json">`. Under `vite` dev (or if the JSON is
 * missing or malformed) the defaults apply, so the app always renders.
 */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const text = doc.getElementById('imprint-config')?.textContent;
  if (!text) return defaultPublicConfig;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPublicConfig(parsed)) return parsed;
    console.warn('Ignoring invalid embedded configuration');
  } catch {
    console.warn('Ignoring embedded configuration that is not JSON');
  }
  return defaultPublicConfig;
}

/** The per-response CSP nonce the server puts in `<meta name="csp-nonce">`, for Emotion's style tags. */
export function readCspNonce(doc: Document = document): string | undefined {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content ? content : undefined;
}

/** The legal mailboxes live at the contact address's domain (legal@, dataprotection@, privacy@). */
export function mailbox(localPart: string, contactEmail: string): string {
  const domain = contactEmail.slice(contactEmail.lastIndexOf('@') + 1);
  return `${localPart}@${domain}`;
}

/**
 * Provided once, by `AppShell` (app-shell.tsx): in the browser with the config read from the page
 * at start, in the prerender with the server's. A context, so tests can render with another config.
 */
export const PublicConfigContext = createContext<PublicConfig>(defaultPublicConfig);

export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}
