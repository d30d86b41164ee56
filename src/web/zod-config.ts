import { z } from 'zod';

/**
 * zod compiles a fast parser for each object schema with `new Function`, after probing whether
 * the page may (`Function('')`). Imprint's Content-Security-Policy forbids eval, so the probe raised
 * a `securitypolicyviolation` on every page that parses a form or an answer. Switched off here,
 * before any schema is made (zod decides when a schema is created): the interpreted parser is the
 * same parser, and fast enough for a form.
 */
z.config({ jitless: true });
