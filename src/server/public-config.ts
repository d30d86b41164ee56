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

/** JSON inside <script> must not be able to close the tag. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * Puts the public config (and the request's CSP nonce, when there is one) into index.html where
 * the `<!--imprint-head-->` marker stands. Used by the server and by the Vite dev server.
 */
export function renderIndexHtml(template: string, config: PublicConfig, nonce?: string): string {
  const tags = [
    ...(nonce ? [`<meta name="csp-nonce" content="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}">`] : []),
    `<script id="imprint-config" type="application/json">${jsonForScript(config)}</script>`,
  ];
  return template.replace(headMarker, tags.join('\n    '));
}
