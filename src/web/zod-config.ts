/**
 * zod compiles a fast parser for each object schema with `new Function`, after probing whether
 * the page may (`Function('')`). Imprint's Content-Security-Policy forbids eval, so the probe raised
 * a `securitypolicyviolation` on every page that parses a form or an answer. Switched off here,
 * before any schema is made (zod decides when a schema is created): the interpreted parser is the
 * same parser, and fast enough for a form.
 *
 * Set on the global object zod keeps its configuration in (`globalThis.__zod_globalConfig`, which
 * `z.config()` writes and every copy of zod reads when it loads) rather than through `z.config()`:
 * importing zod here, first of all, changed the order the entry's modules load in enough to make
 * the home page shift on a phone. zod-config.test.ts checks that zod reads it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The same object zod holds, when it happened to load first.
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
