import { createContext, useContext } from 'react';
import { defaultPublicConfig, type PublicConfig, publicConfigSchema } from '../domain/public-config';

/**
 * The installation's public configuration, embedded by the server in index.html as
 * `<script id="imprint-config" type="application/json">`. Under `vite` dev (or if the JSON is
 * missing or malformed) the defaults apply, so the app always renders.
 */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const text = doc.getElementById('imprint-config')?.textContent;
  if (!text) return defaultPublicConfig;
  try {
    const parsed = publicConfigSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.warn('Ignoring invalid embedded configuration', parsed.error.issues);
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

/** Read once at start: the server renders a fresh index.html per request, so it cannot change under us. */
export const publicConfig: PublicConfig = readPublicConfig();

/** The legal mailboxes live at the contact address's domain (legal@, dataprotection@, privacy@). */
export function mailbox(localPart: string, contactEmail: string = publicConfig.contactEmail): string {
  const domain = contactEmail.slice(contactEmail.lastIndexOf('@') + 1);
  return `${localPart}@${domain}`;
}

/** Provided once in main.tsx; a context (not the module constant) so tests can render with another config. */
export const PublicConfigContext = createContext<PublicConfig>(defaultPublicConfig);

export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}
