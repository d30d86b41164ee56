import { EARLY_SUBMIT_SCRIPT } from '../domain/display/early-submit-script';
import { escapeHtml } from '../domain/display/escape-html';
import type { PublicConfig } from '../domain/public-config';
import { publicConfigSchema } from '../domain/public-config-schema';
import type { AppConfig } from './config';
import { appVersion } from './version';

export function publicConfigOf(config: AppConfig): PublicConfig {
  return publicConfigSchema.parse({
    labelName: config.label.name,
    contactEmail: config.label.contactEmail,
    reviewPromise: config.label.reviewPromise,
    devMode: config.devMode,
    version: appVersion,
    social: config.label.social,
    ...(config.turnstile ? { turnstileSiteKey: config.turnstile.siteKey } : {}),
  });
}

const headMarker = '<!--imprint-head-->';
const emptyRoot = '<div id="root"></div>';

/** JSON inside <script> must not be able to close the tag. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The nonce as it may stand in an attribute: helmet's are hex; anything else is dropped. */
function attributeSafeNonce(nonce: string): string {
  return nonce.replace(/[^A-Za-z0-9+/=_-]/g, '');
}

/** A page the server prerendered (routes/web.ts), as it goes into index.html. */
export interface PrerenderedMarkup {
  /** The content of `<div id="root">`. */
  markup: string;
  /** The `<style>` tags of that markup; `nonceSlot` stands where each one's nonce goes. */
  styles: string;
  nonceSlot: string;
  /** What the page was rendered with (src/web/page-data.ts), for the client to hydrate with. */
  pageData: unknown;
  /** The page's title, for `<title>`; the template's stays when undefined. */
  title?: string | undefined;
}

/**
 * Puts the public config (and the request's CSP nonce, when there is one) into index.html where
 * the `<!--imprint-head-->` marker stands; with a prerendered page, also its styles (each with
 * the request's nonce) and page data, and its markup into `<div id="root">`. Used by the server
 * and by the Vite dev server.
 */
export function renderIndexHtml(
  template: string,
  config: PublicConfig,
  nonce?: string,
  prerendered?: PrerenderedMarkup,
): string {
  const safeNonce = nonce ? attributeSafeNonce(nonce) : undefined;
  const tags = [
    // First, so a form is held from the moment it is on the screen (admitted by its CSP hash).
    `<script>${EARLY_SUBMIT_SCRIPT}</script>`,
    ...(safeNonce ? [`<meta name="csp-nonce" content="${safeNonce}">`] : []),
    `<script id="imprint-config" type="application/json">${jsonForScript(config)}</script>`,
  ];
  if (prerendered) {
    tags.push(
      prerendered.styles.split(prerendered.nonceSlot).join(safeNonce ?? ''),
      `<script id="imprint-page-data" type="application/json">${jsonForScript(prerendered.pageData)}</script>`,
    );
  }
  // Replaced through functions: a replacement string would read `$&` or `$'` in a page's text as
  // patterns.
  let html = template.replace(headMarker, () => tags.join('\n    '));
  if (!prerendered) return html;
  const { title } = prerendered;
  if (title !== undefined)
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  return html.replace(emptyRoot, () => `<div id="root">${prerendered.markup}</div>`);
}
