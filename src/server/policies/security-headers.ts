import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { EARLY_SUBMIT_SCRIPT } from '../../domain/display/early-submit-script';
import type { AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves a page: its answer's CSP names this response's script and style nonces. */
    cspNonces?: boolean;
  }
  interface FastifyReply {
    /** The nonces of a page's CSP (routes with `config: { cspNonces: true }`), else null. */
    cspNonce: { script: string; style: string } | null;
  }
}

/** Where browsers send direct uploads besides Imprint itself: the S3 endpoint, if any. */
function storageOrigins(config: AppConfig): string[] {
  const storage = config.storage;
  if (storage.driver !== 's3') return [];
  if (storage.endpoint) return [new URL(storage.endpoint).origin];
  return [
    `https://${storage.bucket}.s3.${storage.region}.amazonaws.com`,
    `https://s3.${storage.region}.amazonaws.com`,
  ];
}

/** Cloudflare Turnstile's widget: its script and the challenge frame come from this origin. */
function turnstileOrigins(config: AppConfig): string[] {
  return config.turnstile ? ['https://challenges.cloudflare.com'] : [];
}

/**
 * Dropbox Sign's embedded client (hellosign-embedded, bundled with the signing page) frames the
 * embedded sign_url, served from these origins, and talks to it by postMessage (no CSP needed).
 */
function dropboxSignFrameOrigins(config: AppConfig): string[] {
  return config.dropboxSign ? ['https://app.hellosign.com', 'https://embedded.hellosign.com'] : [];
}

/**
 * The client injects its modal's stylesheet as a <style> element without our nonce: admitted by
 * its hash (hellosign-embedded 2.12.4; web.test.ts checks it against the installed package).
 */
export const HELLOSIGN_EMBEDDED_STYLE_HASH = "'sha256-gjO2GK6gRpm5uJZUyPWOKUJW+pFZsd2l28cKRu6+TZ4='";

function dropboxSignStyleHashes(config: AppConfig): string[] {
  return config.dropboxSign ? [HELLOSIGN_EMBEDDED_STYLE_HASH] : [];
}

/** The one inline script of every page (it holds a form submitted before the app took it over). */
export const EARLY_SUBMIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_SUBMIT_SCRIPT).digest('base64')}'`;

/** The content security policy's directives, with extra sources for scripts and styles (a page's nonces). */
function cspDirectives(config: AppConfig, extra: { script: string[]; style: string[] }) {
  return {
    'default-src': ["'self'"],
    // Cloudflare Turnstile, when configured, loads its script and runs its challenge in a frame.
    'script-src': ["'self'", EARLY_SUBMIT_SCRIPT_HASH, ...turnstileOrigins(config), ...extra.script],
    'frame-src': ["'self'", ...turnstileOrigins(config), ...dropboxSignFrameOrigins(config)],
    'style-src': ["'self'", ...dropboxSignStyleHashes(config), ...extra.style],
    // Spotify serves artist and cover images from its CDNs; the form shows them in search results.
    'img-src': ["'self'", 'data:', 'blob:', 'https://i.scdn.co', 'https://*.spotifycdn.com'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    // Presigned S3 PUTs go from the browser straight to the bucket (the bucket needs a CORS rule too).
    'connect-src': ["'self'", ...storageOrigins(config)],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.httpsOnly ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** helmet's options for Imprint: the policy above, HSTS over HTTPS, no framing. */
function helmetOptions(
  config: AppConfig,
  extra = { script: [] as string[], style: [] as string[] },
): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, extra) },
    strictTransportSecurity: config.httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet's middleware sets for `options`, read once by running it on a stand-in
 * response: they depend on the options alone (no directive here is a function of the request).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    // X-Powered-By: Fastify never sets it.
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Where a page's nonces go in its CSP; replaced per response. */
const SCRIPT_NONCE_SLOT = 'imprintscriptnonce';
const STYLE_NONCE_SLOT = 'imprintstylenonce';
const ownNonce = Symbol('cspNonce');

/**
 * helmet's headers on every answer: computed once from the options, and set by one hook.
 * `@fastify/helmet` built helmet's middleware again for every request (parsing the directives each
 * time), ~10% of a signed-in API request's CPU under load. A page's route (`config: { cspNonces:
 * true }`) gets two fresh nonces when its markup reads `reply.cspNonce`, in its CSP too; an API
 * answer runs no script or style and gets none (making them cost ~6% more: crypto.randomBytes, twice).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = helmetHeaders(helmetOptions(config));
  const pageCsp = helmetHeaders(
    helmetOptions(config, {
      script: [`'nonce-${SCRIPT_NONCE_SLOT}'`],
      style: [`'nonce-${STYLE_NONCE_SLOT}'`],
    }),
  )['content-security-policy'];
  if (!pageCsp) throw new Error('helmet set no content security policy');
  // Made when the page's markup first asks for them (routes/web.ts), so a route of pages that
  // answers something else (an unknown /api/ path's 404) makes none.
  app.decorateReply('cspNonce', {
    getter(this: FastifyReply & { [ownNonce]?: { script: string; style: string } }) {
      if (!this.request.routeOptions.config.cspNonces) return null;
      let nonce = this[ownNonce];
      if (!nonce) {
        nonce = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
        this[ownNonce] = nonce;
        this.header(
          'content-security-policy',
          pageCsp.replace(SCRIPT_NONCE_SLOT, nonce.script).replace(STYLE_NONCE_SLOT, nonce.style),
        );
      }
      return nonce;
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
