import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifySchema, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../route-table';
import { addStaff } from '../services/staff/manage-staff';
import { type SignedIn, signIn } from '../test/sign-in';
import { buildTestPayload, newSessionIdForTest } from '../test/submission-fixtures';
import { createTestContext, type TestContext } from '../test/test-context';

/**
 * The fuzz suite: every route of the app's route table (app.routeTable, filled by an
 * onRoute hook, so a new route is walked without being named here), as a visitor, an artist and a
 * staff member, with generated path parameters, query strings, headers and bodies: wrong types,
 * huge strings, NUL and lone surrogates, deep nesting, wrong content types, truncated multipart, and
 * valid example bodies with one part broken. Each answer must be below 500, a 4xx must be JSON with
 * a message (in the domain's words, not zod's or Fastify's), and no answer may carry a stack trace.
 *
 * `npm test` runs a fixed seed and FUZZ_RUNS_DEFAULT requests per route (four times as many for a
 * route with a valid example body to break, a third for HEAD); for a longer hunt:
 *   FUZZ_SEED=123 FUZZ_RUNS=200 npx vitest run --project server src/server/fuzz
 * A failure prints the seed, the route and the request, so it can be replayed. FUZZ_ROUTE='POST
 * /api/waiting-list' walks only the routes matching that expression, FUZZ_VERBOSE=1 prints each
 * request and answer.
 *
 * Nothing leaves the machine: no SMTP_URL (mail goes to the test's outbox, and the job worker is
 * not running), the offline music catalogue, no monday.com, Turnstile or Dropbox Sign. Requests go
 * through app.inject(), so no socket can be held open; each has its own time limit all the same.
 */
const FUZZ_RUNS_DEFAULT = 8;
const FUZZ_SEED_DEFAULT = 20_240_518;
const runs = Number(process.env.FUZZ_RUNS ?? FUZZ_RUNS_DEFAULT);
const seed = Number(process.env.FUZZ_SEED ?? FUZZ_SEED_DEFAULT);
/** FUZZ_VERBOSE=1 prints every request and the start of its answer; FUZZ_ROUTE=regex walks only those. */
const verbose = process.env.FUZZ_VERBOSE === '1';
const onlyRoutes = process.env.FUZZ_ROUTE ? new RegExp(process.env.FUZZ_ROUTE) : undefined;
/** A request that gets no answer in this long is a hang, reported as a failure. */
const ANSWER_WITHIN_MS = 15_000;

/**
 * Routes whose error answers are not JSON by design. Nothing is left out of the walk; these only
 * skip the JSON check of a 4xx (status and stack-trace checks still apply).
 */
const NOT_JSON_BY_DESIGN: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^\/api\/uploads\/resumable/,
    reason: 'the tus 1.0 protocol answers errors as text/plain, which tus-js-client reads',
  },
];

let ctx: TestContext;
let artist: SignedIn;
let staff: SignedIn;

let webRoot: string;

beforeAll(async () => {
  // A stand-in for the built web app (dist/web), so client routes and static files are served as
  // in production rather than answering that the app is not built.
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-fuzz-web-'));
  await fs.mkdir(path.join(webRoot, 'assets'));
  await fs.writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><!--imprint-head--></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
  ctx = await createTestContext({ webRoot });
  await addStaff(ctx.database.db, 'fuzz-staff@label.example');
  [artist, staff] = await Promise.all([
    signIn(ctx.app, ctx.database.db, 'fuzz-artist@example.com'),
    signIn(ctx.app, ctx.database.db, 'fuzz-staff@label.example'),
  ]);
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Values

/** Strings that have broken servers before. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83c',
  '😀',
  '\u202egnp.exe',
  '%00',
  '%',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, sent literally
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'true',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '2025-02-30',
  'https://open.spotify.com/artist/0000000000000000000000',
  'artist@imprint.example',
  '00000000-0000-4000-8000-000000000000',
  'A'.repeat(43),
];

const stringValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.integer({ min: 600, max: 120_000 }).map((n) => 'x'.repeat(n)) },
);

const scalarValue = fc.oneof(
  { weight: 5, arbitrary: stringValue },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1, 1.5, 2 ** 53 + 1, -(2 ** 31), 1e308, Number.MIN_VALUE) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** JSON values, nested a few levels: the values bodies are made of. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: scalarValue },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(stringValue, tie('value'), { maxKeys: 4 }) },
  ),
})).value;

// ---------------------------------------------------------------------------------------------
// What a route takes, read from its zod schemas

interface ZodLike {
  _zod?: { def?: Record<string, unknown> };
}

/** The field names a schema (and the schemas inside it) names, so bodies and queries use them. */
function fieldNamesOf(schema: unknown, names = new Set<string>(), depth = 0): Set<string> {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 8) return names;
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape) {
    for (const [name, child] of Object.entries(shape)) {
      names.add(name);
      fieldNamesOf(child, names, depth + 1);
    }
  }
  for (const key of ['innerType', 'in', 'out', 'element', 'valueType', 'schema']) {
    if (def[key]) fieldNamesOf(def[key], names, depth + 1);
  }
  for (const option of (def.options as unknown[] | undefined) ?? []) fieldNamesOf(option, names, depth + 1);
  return names;
}

function partNames(schema: FastifySchema | undefined, part: 'body' | 'querystring'): string[] {
  return [...fieldNamesOf(schema?.[part])];
}

/** An object using the route's own field names (and some others), filled with generated values. */
function objectOf(names: string[]): fc.Arbitrary<Record<string, unknown>> {
  const key =
    names.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, stringValue)
      : stringValue;
  return fc.dictionary(key, jsonValue, { maxKeys: Math.min(8, names.length + 3) });
}

// ---------------------------------------------------------------------------------------------
// Valid bodies to break one part of

function examples(): Record<string, () => unknown> {
  const today = new Date().toISOString().slice(0, 10);
  return {
    'POST /api/board/create-item': () =>
      buildTestPayload(ctx.app, {
        sessionId: newSessionIdForTest(),
        tracks: [
          {
            file: {
              fileId: 'not-uploaded',
              url: '/files/not-uploaded',
              fileName: 'a.wav',
              bytes: Buffer.alloc(0),
            },
            title: 'Song 1',
          },
        ],
      }),
    'POST /api/waiting-list': () => ({
      artistData: {
        firstName: 'Ada',
        surname: 'Lane',
        artistName: 'Nova',
        email: 'ada@example.com',
        country: 'Ireland',
        city: 'Cork',
        listenLink: 'https://soundcloud.com/nova/tide',
      },
    }),
    'POST /api/auth/sign-in': () => ({ email: 'someone@example.com', returnTo: '/dashboard' }),
    'POST /api/auth/verify-code': () => ({ email: 'someone@example.com', code: '123456' }),
    'POST /api/storage/generate-upload-url': () => ({
      fileName: 'song.wav',
      fileSize: 1000,
      contentType: 'audio/wav',
      artistName: 'Maya',
      fileType: 'track',
      sessionId: 'session-fuzz-0001',
    }),
    'POST /api/storage/process-upload': () => ({
      fileName: '00000000-0000-4000-8000-000000000000',
      bucketName: 'local',
      artistName: 'Maya',
      fileType: 'track',
    }),
    'POST /api/artist-invitations/create': () => ({
      artistName: 'Nova Bloom',
      firstName: 'Nora',
      surname: 'Bloom',
      email: 'nora@example.com',
      invitationReason: 'Loved the set',
    }),
    'PUT /api/artist/profile': () => ({
      artistName: 'Maya',
      country: 'Ireland',
      website: 'https://maya.example',
    }),
    'POST /api/monitoring/report-error': () => ({
      submissionId: 'sub-1',
      errorData: { message: 'boom', timestamp: new Date().toISOString(), metadata: { viewport: '1x1' } },
    }),
    'POST /api/monitoring/web-vitals': () => ({
      pageLoadId: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
      route: '/submit',
      metrics: [{ name: 'LCP', value: 1200 }],
    }),
    'POST /api/background/process-social-clips': () => ({
      tracksWithClips: [
        {
          title: 'Song',
          artistName: 'Maya',
          fileId: 'f1',
          socialClips: [{ id: 'c', startTime: '00:00', endTime: '00:30' }],
        },
      ],
      artistName: 'Maya',
      itemId: '00000000-0000-4000-8000-000000000000',
    }),
    'POST /api/board/items/:itemId/status': () => ({
      status: 'approved',
      message: 'Welcome',
      templateId: '00000000-0000-4000-8000-000000000000',
    }),
    'POST /api/board/items/:itemId/change-requests': () => ({
      fields: [
        { field: 'artwork', note: 'Sharper, please' },
        { field: 'trackSplits', trackId: '00000000-0000-4000-8000-000000000000', note: 'Add the producer' },
        {
          field: 'catalogueItem',
          catalogueItemId: '00000000-0000-4000-8000-000000000000',
          note: 'Wrong link',
        },
      ],
      message: 'Thanks, a few fixes',
      templateId: '00000000-0000-4000-8000-000000000000',
    }),
    'POST /api/profile/submissions/:itemId/resubmit': () => ({
      changes: [
        { field: 'artwork', fileId: '00000000-0000-4000-8000-000000000000' },
        { field: 'releaseDate', releaseDate: '2031-05-02' },
        {
          field: 'trackContributors',
          trackId: '00000000-0000-4000-8000-000000000000',
          soloWork: false,
          featuredArtists: [],
          nonFeaturedArtists: [],
          producers: [
            {
              id: 'c-1',
              firstName: 'Leo',
              surname: 'Park',
              roles: ['Producer'],
              isFeatured: false,
              isPrimaryArtist: false,
            },
          ],
        },
        {
          field: 'catalogueItem',
          catalogueItemId: '00000000-0000-4000-8000-000000000000',
          title: 'Old Harbour',
          artist: 'Maya',
          spotifyUrl: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
          hasMasterSplit: true,
          masterSplits: [
            { id: 's-1', firstName: 'Iris', lastName: 'Cole', email: 'iris@example.com', percentage: 100 },
          ],
        },
      ],
      comment: 'Fixed',
    }),
    'POST /api/board/items/:itemId/notes': () => ({ body: 'Strong chorus' }),
    'POST /api/board/items/:itemId/rating': () => ({ rating: 4 }),
    'PUT /api/profile/submissions/:itemId/decisions/:decisionId/rating': () => ({
      rating: 4,
      comment: 'Clear and kind, thank you',
    }),
    'POST /api/board/items/:itemId/assignee': () => ({ userId: '00000000-0000-4000-8000-000000000000' }),
    'POST /api/decision-templates': () => ({
      kind: 'decline',
      name: 'Not now',
      body: 'Hi {{artistName}}, "{{releaseTitle}}" is not for {{labelName}} right now.',
    }),
    'PUT /api/decision-templates/:templateId': () => ({ name: 'Not now', body: 'Hi {{artistName}}.' }),
    'POST /api/returning-links/:linkId/expiry': () => ({ lastDay: today }),
    'POST /api/artists/:artistId/erase': () => ({
      reason: 'Asked by e-mail',
      confirm: 'someone@example.com',
    }),
    'POST /api/config/set': () => ({ submissionsEnabled: true }),
    'PUT /api/me/mail-preferences': () => ({ kind: 'reminders', enabled: true }),
    // The one-click body as the unsubscribe page sends it (receivers send it form-encoded).
    'POST /unsubscribe/*': () => ({ 'List-Unsubscribe': 'One-Click' }),
  };
}

/** Paths into a JSON value, for breaking one part of an example. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = [...prefix, Array.isArray(value) ? Number(key) : key];
      out.push(path);
      if (out.length < 200) pathsOf(child, path, out);
    }
  }
  return out;
}

/** Characters that break storage or display, put into an otherwise valid string. */
const taints = [
  '\u0000',
  '\ud800',
  '\udc00',
  '\ud83d',
  '\u0007',
  '\u001b',
  '\u202e',
  '\r\n',
  '%00',
  '\uffff',
];

type Breakage =
  | { kind: 'replace'; value: unknown }
  | { kind: 'remove' }
  | { kind: 'taint'; at: number; with: string }
  | { kind: 'lengthen'; times: number };

/** NUL and half emoji most often: they are what storage refuses. */
const taint = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 3, arbitrary: fc.constantFrom('\ud800', '\udc00', '\ud83d') },
  { weight: 2, arbitrary: fc.constantFrom(...taints) },
);

const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  { weight: 2, arbitrary: jsonValue.map((value): Breakage => ({ kind: 'replace', value })) },
  { weight: 1, arbitrary: fc.constant<Breakage>({ kind: 'remove' }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.nat({ max: 400 }), taint)
      .map(([at, what]): Breakage => ({ kind: 'taint', at, with: what })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 5_000 }).map((times): Breakage => ({ kind: 'lengthen', times })),
  },
);

/** The example with the value at `path` broken (a string tainted or lengthened, anything replaced or removed). */
function broken(example: unknown, path: (string | number)[], how: Breakage): unknown {
  const copy = structuredClone(example) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last === undefined) return how.kind === 'replace' ? how.value : copy;
  const current = node[last];
  if (how.kind === 'remove') delete node[last];
  else if (how.kind === 'taint' && typeof current === 'string') {
    const at = how.at % (current.length + 1);
    node[last] = current.slice(0, at) + how.with + current.slice(at);
  } else if (how.kind === 'lengthen' && typeof current === 'string') node[last] = current.repeat(how.times);
  else node[last] = how.kind === 'replace' ? how.value : null;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Requests

type Identity =
  | 'visitor'
  | 'artist-cookie'
  | 'artist-bearer'
  | 'staff-cookie'
  | 'staff-bearer'
  | 'junk-session';

interface GeneratedRequest {
  identity: Identity;
  origin: 'own' | 'none' | 'foreign';
  path: string;
  query: string;
  contentType: string | undefined;
  payload: string | Buffer | undefined;
  extraHeaders: Record<string, string>;
  remoteAddress: string;
}

/** Percent-encodes any string, lone surrogates too (as the UTF-8-like bytes a broken client sends). */
function encodeSegment(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(char);
  }
  return out;
}

const pathValue = fc.oneof(
  { weight: 3, arbitrary: stringValue.map(encodeSegment) },
  { weight: 2, arbitrary: fc.uuid() },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F', 'a%20b', 'x'.repeat(5000)),
  },
);

function pathFor(url: string): fc.Arbitrary<string> {
  const segments = url.split('/');
  return fc
    .tuple(
      ...segments.map((segment) =>
        segment.startsWith(':') || segment === '*' ? pathValue : fc.constant(segment),
      ),
    )
    .map((parts) => parts.join('/') || '/');
}

/** Query strings that pass a route's schema, to break one value of. */
const queryExamples: Record<string, Record<string, string>> = {
  'PUT /api/storage/direct/:fileId': { expires: '4102444800', signature: 'abcdefghijklmnopqrstuvwxyz' },
  'GET /api/spotify/search/artists': { q: 'marlowe', limit: '8' },
  'GET /api/spotify/search/music': { q: 'tidewater', type: 'track', limit: '5' },
  'GET /api/board/items': { status: 'pending', limit: '10' },
  'GET /api/analytics/dashboard': { hours: '24' },
  'GET /api/board/items/:itemId/timeline': { limit: '10', sort: 'oldest' },
  'GET /api/board/items/:itemId/decision-message': { templateId: '00000000-0000-4000-8000-000000000000' },
  'GET /api/decision-templates': { kind: 'approve' },
  'GET /api/analytics/errors': { hours: '24', sort: 'oldest', limit: '10' },
  'GET /api/waiting-list': { sort: 'newest', limit: '10' },
  'GET /api/artist-invitations': { status: 'valid', limit: '10' },
  'GET /api/artists/:artistId/submissions': { sort: 'oldest', limit: '10' },
  'GET /files/:fileId/:variant?': {
    disposition: 'attachment',
    expires: '4102444800',
    signature: 'abcdefghijklmnop',
  },
  'GET /files/optimized/image-mapping.json': { ids: '00000000-0000-4000-8000-000000000000' },
};

function encodeQuery(pairs: [string, string][]): string {
  return pairs.length > 0
    ? `?${pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')}`
    : '';
}

function queryFor(route: RouteEntry): fc.Arbitrary<string> {
  const example = queryExamples[`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`];
  const random = randomQueryFor(route);
  if (!example) return random;
  const keys = Object.keys(example);
  const brokenExample = fc
    .tuple(fc.constantFrom(...keys), fc.oneof(stringValue, taint))
    .map(([key, value]) => encodeQuery(Object.entries({ ...example, [key]: value })));
  return fc.oneof(
    { weight: 3, arbitrary: brokenExample },
    { weight: 1, arbitrary: fc.constant(encodeQuery(Object.entries(example))) },
    { weight: 2, arbitrary: random },
  );
}

function randomQueryFor(route: RouteEntry): fc.Arbitrary<string> {
  const names = partNames(route.schema, 'querystring');
  const key =
    names.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...names) }, stringValue)
      : stringValue;
  const pair = fc
    .tuple(
      key,
      fc.oneof(
        scalarValue.map((v) => String(v)),
        fc.constant(''),
      ),
    )
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 4,
      arbitrary: fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : '')),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('?%', '?a=%E0%A4%A', '?=&&=', '?q=a&q=b&q=c', `?q=${'x'.repeat(20_000)}`),
    },
  );
}

const nestedDeeply = fc
  .integer({ min: 1_000, max: 100_000 })
  .chain((depth) =>
    fc.constantFrom(
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    ),
  );

function multipartPayloads(): fc.Arbitrary<{ contentType: string; payload: string | Buffer }> {
  const file =
    '--b\r\nContent-Disposition: form-data; name="fileType"\r\n\r\ntrack\r\n' +
    '--b\r\nContent-Disposition: form-data; name="artistName"\r\n\r\nMaya\r\n' +
    '--b\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF....WAVEfmt ';
  return fc.oneof(
    fc.integer({ min: 0, max: file.length }).map((cut) => ({
      contentType: 'multipart/form-data; boundary=b',
      payload: file.slice(0, cut),
    })),
    fc.constant({ contentType: 'multipart/form-data; boundary=b', payload: `${file}\r\n--b--\r\n` }),
    fc
      .constantFrom(
        'multipart/form-data',
        'multipart/form-data; boundary=',
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
      )
      .map((contentType) => ({ contentType, payload: file })),
    stringValue.map((name) => ({
      contentType: 'multipart/form-data; boundary=b',
      payload: `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: audio/wav\r\n\r\nRIFF\r\n--b--\r\n`,
    })),
  );
}

function bodyFor(route: RouteEntry, example: (() => unknown) | undefined) {
  const json = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) });
  const kinds: fc.WeightedArbitrary<{
    contentType: string | undefined;
    payload: string | Buffer | undefined;
  }>[] = [
    { weight: 4, arbitrary: objectOf(partNames(route.schema, 'body')).map(json) },
    { weight: 1, arbitrary: jsonValue.map(json) },
    { weight: 1, arbitrary: fc.constant({ contentType: undefined, payload: undefined }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { contentType: 'application/json', payload: '{"a":' },
        { contentType: 'application/json', payload: '' },
        { contentType: 'application/json', payload: '{"__proto__":{"x":1},"constructor":{"prototype":{}}}' },
        { contentType: 'application/json; charset=utf-16', payload: '{}' },
        { contentType: 'text/plain', payload: 'hello' },
        { contentType: 'text/plain', payload: '{"a":1}' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%' },
        { contentType: 'application/xml', payload: '<a>1</a>' },
        { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255, 254]) },
        { contentType: 'image/jpeg', payload: Buffer.from([0xff, 0xd8, 0xff]) },
        { contentType: '', payload: 'x' },
        { contentType: ';;;', payload: 'x' },
        { contentType: 'application/json', payload: Buffer.alloc(1_100_000, 0x20) },
      ),
    },
    { weight: 1, arbitrary: nestedDeeply.map((payload) => ({ contentType: 'application/json', payload })) },
    { weight: 1, arbitrary: multipartPayloads() },
  ];
  if (example) {
    const value = example();
    const paths = pathsOf(value);
    if (paths.length > 0) {
      kinds.push({
        weight: 10,
        arbitrary: fc
          .tuple(fc.constantFrom(...paths), breakage)
          .map(([path, how]) => json(broken(value, path, how))),
      });
      kinds.push({ weight: 1, arbitrary: fc.constant(json(value)) });
    }
  }
  return fc.oneof(...kinds);
}

const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });

function requestFor(route: RouteEntry, example: (() => unknown) | undefined): fc.Arbitrary<GeneratedRequest> {
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  return fc
    .record({
      identity: fc.constantFrom<Identity>(
        'visitor',
        'artist-cookie',
        'artist-bearer',
        'staff-cookie',
        'staff-bearer',
        'junk-session',
      ),
      // Mostly the app's own pages: another site's request with a session is refused before anything.
      origin: fc.constantFrom<GeneratedRequest['origin']>('own', 'own', 'own', 'own', 'none', 'foreign'),
      path: pathFor(route.url),
      query: queryFor(route),
      body: hasBody ? bodyFor(route, example) : fc.constant({ contentType: undefined, payload: undefined }),
      extraHeaders: fc.dictionary(
        fc.constantFrom(
          'accept',
          'accept-encoding',
          'range',
          'if-none-match',
          'x-forwarded-for',
          'user-agent',
          'x-imprint-uploader',
          'tus-resumable',
          'upload-length',
          'upload-offset',
          'upload-metadata',
        ),
        fc.oneof(
          printable,
          fc.constantFrom(
            'bytes=0-',
            'bytes=-1',
            'bytes=5-1',
            'gzip, br',
            '*/*',
            '1.0.0',
            '-1',
            '99999999999999',
          ),
        ),
        { maxKeys: 3 },
      ),
      remoteAddress: fc.integer({ min: 1, max: 254 }).map((n) => `198.18.${n % 16}.${n}`),
    })
    .map(({ body, ...rest }) => ({ ...rest, contentType: body.contentType, payload: body.payload }));
}

function injectOptions(route: RouteEntry, request: GeneratedRequest): InjectOptions {
  const headers: Record<string, string> = { ...request.extraHeaders };
  if (request.origin === 'own') headers.origin = ctx.config.publicUrl;
  if (request.origin === 'foreign') headers.origin = 'https://evil.example';
  const who = request.identity.startsWith('artist')
    ? artist
    : request.identity.startsWith('staff')
      ? staff
      : undefined;
  if (who && request.identity.endsWith('cookie')) headers.cookie = who.cookie;
  if (who && request.identity.endsWith('bearer')) headers.authorization = `Bearer ${who.bearer}`;
  if (request.identity === 'junk-session') {
    headers.cookie = 'imprint_session=%00%ff';
    headers.authorization = 'Bearer \u00ff\u00fe';
  }
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  return {
    method: route.method as InjectOptions['method'],
    url: `${request.path}${request.query}`,
    headers,
    remoteAddress: request.remoteAddress,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The checks

const STACK_TRACE =
  /\n\s+at .+[(:]\d+|\bat (?:async )?[\w.<>]+ \(|node_modules|\/work\/|file:\/\/|\.ts:\d+:\d+/;

/**
 * The words of the libraries underneath (zod's defaults, Fastify's own refusals): an answer in them
 * did not come from src/domain.
 */
const LIBRARY_WORDS =
  /Invalid input|Invalid option|Invalid string|Too (big|small)|expected \w+, received|Unsupported Media Type|Body cannot be empty|Route \w+:.* not found|FST_ERR|must NOT have|Unexpected token|JSON at position/;

function problemsWith(
  route: RouteEntry,
  status: number,
  headers: Record<string, unknown>,
  body: string,
): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (STACK_TRACE.test(body)) problems.push('the body carries a stack trace or a file path');
  const jsonExempt =
    route.method === 'HEAD' || NOT_JSON_BY_DESIGN.some(({ pattern }) => pattern.test(route.url));
  if (status >= 400 && status < 500 && !jsonExempt) {
    const type = String(headers['content-type'] ?? '');
    if (!type.startsWith('application/json'))
      problems.push(`a ${status} that is not JSON (${type || 'no type'})`);
    else {
      try {
        const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
        const message = typeof parsed.error === 'string' ? parsed.error : parsed.message;
        if (typeof message !== 'string' || message.trim() === '')
          problems.push(`a ${status} without a message`);
        else if (LIBRARY_WORDS.test(body))
          problems.push(`a ${status} in a library's words, not the domain's`);
      } catch {
        problems.push(`a ${status} whose body is not JSON`);
      }
    }
  }
  return problems;
}

function describeRequest(options: InjectOptions): string {
  const payload = options.payload;
  const shown =
    payload === undefined
      ? ''
      : Buffer.isBuffer(payload)
        ? `<${payload.length} bytes>`
        : String(payload).slice(0, 400);
  return `${options.method} ${String(options.url).slice(0, 300)} headers=${JSON.stringify(options.headers)} body=${shown}`;
}

/** Signed-in identities come back if the walk signed them out (sign-out is a route like any other). */
async function keepSessionsAlive(): Promise<void> {
  for (const [email, set] of [
    ['fuzz-artist@example.com', (s: SignedIn) => (artist = s)],
    ['fuzz-staff@label.example', (s: SignedIn) => (staff = s)],
  ] as const) {
    const who = email.startsWith('fuzz-artist') ? artist : staff;
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: who.cookie } });
    if ((me.json() as { user: unknown }).user === null) set(await signIn(ctx.app, ctx.database.db, email));
  }
}

describe('fuzzing every route', () => {
  it('answers every generated request below 500, 4xx as JSON with a message, never a stack trace', async () => {
    const routes = ctx.app.routeTable;
    expect(routes.length).toBeGreaterThan(50);
    const byRoute = examples();
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      if (onlyRoutes && !onlyRoutes.test(`${route.method} ${route.url}`)) continue;
      const example = byRoute[`${route.method} ${route.url}`];
      const routeSeed = (seed + index * 1_000_003) | 0;
      // Routes with a valid example to break get more runs (that is where the handlers are reached);
      // HEAD is its GET route answered without a body, so fewer.
      const numRuns = example ? runs * 4 : route.method === 'HEAD' ? Math.max(1, Math.ceil(runs / 3)) : runs;
      const result = await fc.check(
        fc.asyncProperty(requestFor(route, example), async (request) => {
          const options = injectOptions(route, request);
          const response = await Promise.race([
            ctx.app.inject(options),
            new Promise<never>((_, reject) =>
              setTimeout(
                () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)),
                ANSWER_WITHIN_MS,
              ),
            ),
          ]);
          if (verbose) {
            // biome-ignore lint/suspicious/noConsole: FUZZ_VERBOSE prints each request for a person debugging the suite
            console.log(
              `${response.statusCode} ${describeRequest(options).slice(0, 300)} → ${response.body.slice(0, 160)}`,
            );
          }
          const problems = problemsWith(route, response.statusCode, response.headers, response.body);
          if (problems.length > 0) {
            throw new Error(
              `${problems.join('; ')}\n    request: ${describeRequest(options)}\n    answer: ${response.statusCode} ${response.body.slice(0, 300)}`,
            );
          }
        }),
        { seed: routeSeed, numRuns, endOnFailure: true },
      );
      if (result.failed) {
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(`${route.method} ${route.url} (seed ${routeSeed}): ${error}`);
      }
      await keepSessionsAlive();
    }
    expect(failures, `${failures.length} routes failed:\n${failures.join('\n\n')}`).toEqual([]);
  }, 600_000);
});
