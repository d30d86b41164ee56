import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isTimeZone } from '../domain/common/calendar-date';
import { parseGs1Prefix, parseIsrcPrefix } from '../domain/delivery/identifiers';
import { type DkimSigning, readDkimPrivateKey } from './providers/mail/dkim';
import { type ConfiguredSeal, readConfiguredSealP12 } from './services/contracts/seal-certificate';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of 1, 0, true, false, yes, no, on, off',
  })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: protocols, error: `must be a ${hint} URL` }).optional());

/**
 * Every environment variable Imprint reads, with its default. `.env.example` documents the same list;
 * config.test.ts checks the two stay in step.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  IMPRINT_DEV: booleanFlag.default(false),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/, 'postgres://'),
  // Server processes sharing the port (src/server/cluster.ts); more than 1 needs DATABASE_URL.
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .trim()
    // AWS's rule, plus the underscores Google Cloud Storage allows.
    .regex(/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3-63 lower-case letters, digits, dots, hyphens and underscores',
    })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl(/^https?$/, 'http(s)'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  // Local storage's health check fails below this much free disk space: the largest upload
  // (200 MB) and what is written beside it would no longer fit.
  STORAGE_MIN_FREE_MB: z.coerce.number().int().min(0).default(250),
  SMTP_URL: optionalUrl(/^smtps?$/, 'smtp:// or smtps://'),
  MAIL_FROM: z.string().min(3).default('Imprint <no-reply@imprint.localhost>'),
  // DKIM signing of every outgoing mail, optional: all three or none. The key file is read at start.
  DKIM_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, {
      error: 'must be a domain name such as label.example (the d= of the signature)',
    })
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/, {
      error: 'must be one DNS label: letters, digits and hyphens, such as imprint or mail2025',
    })
    .optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().trim().min(1).optional(),
  LABEL_NAME: z.string().trim().min(1).default('Imprint'),
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('hello@imprint.example'),
  REVIEW_PROMISE: z.string().trim().min(1).default('5-7 days'),
  // The label's days (the response promise's answer-by dates): an IANA zone.
  LABEL_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, { error: 'must be an IANA time zone, e.g. Europe/London or America/New_York' })
    .default('UTC'),
  SOCIAL_VIDEO_URL: optionalUrl(/^https?$/, 'http(s)'),
  SOCIAL_MUSIC_URL: optionalUrl(/^https?$/, 'http(s)'),
  SOCIAL_PHOTO_URL: optionalUrl(/^https?$/, 'http(s)'),
  STAFF_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' }))),
  DIRECT_UPLOADS: booleanFlag.default(true),
  DEMO_DATA: booleanFlag.default(true),
  JOBS_ENABLED: booleanFlag.default(true),
  // Daily backup archives into this folder (services/backup/); unset: no scheduled backups.
  BACKUP_DIR: z.string().trim().min(1).optional(),
  // How many of the newest archives in BACKUP_DIR are kept.
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  SPOTIFY_CLIENT_ID: z.string().trim().min(1).optional(),
  SPOTIFY_CLIENT_SECRET: z.string().trim().min(1).optional(),
  // Overridable so tests (and a proxy, if ever needed) can stand in for Spotify.
  SPOTIFY_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.spotify.com/v1'),
  SPOTIFY_ACCOUNTS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://accounts.spotify.com'),
  INVITATION_LIFETIME_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MONDAY_API_TOKEN: z.string().trim().min(1).optional(),
  MONDAY_BOARD_ID: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be the numeric id of a monday.com board' })
    .optional(),
  // Overridable so tests can stand in for monday.com.
  MONDAY_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.monday.com/v2'),
  TURNSTILE_SITE_KEY: z.string().trim().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().trim().min(1).optional(),
  // Overridable so tests can stand in for Cloudflare.
  TURNSTILE_VERIFY_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  // Dropbox Sign embedded signing, optional: all three or none.
  DROPBOX_SIGN_API_KEY: z.string().trim().min(1).optional(),
  DROPBOX_SIGN_CLIENT_ID: z.string().trim().min(1).optional(),
  DROPBOX_SIGN_TEMPLATE_ID: z.string().trim().min(1).optional(),
  DROPBOX_SIGN_TEST_MODE: booleanFlag.default(false),
  // Overridable so tests can stand in for Dropbox Sign.
  DROPBOX_SIGN_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.hellosign.com/v3'),
  // The certificate sealed PDFs are signed with, optional: both or neither (neither: Imprint makes
  // a self-signed one for the label in DATA_DIR/seal/). The file is read and checked at start.
  SEAL_P12_FILE: z.string().trim().min(1).optional(),
  SEAL_P12_PASSWORD: z.string().min(1).optional(),
  // A timestamp authority (RFC 3161) vouching for each seal signature's time, optional; unset, the
  // signing time is the server's clock. user:password@ in the URL is sent as HTTP Basic.
  TSA_URL: optionalUrl(/^https?$/, 'http(s)'),
  // Delivery to stores (DDEX ERN): the label's identifier prefixes, its DDEX Party ID, the recipient.
  ISRC_PREFIX: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || parseIsrcPrefix(value) !== null, {
      error: 'must be an ISRC country and registrant code, e.g. GB-XYZ',
    }),
  UPC_PREFIX: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || parseGs1Prefix(value) !== null, {
      error: 'must be a GS1 company prefix of 6 to 12 digits',
    }),
  DDEX_PARTY_ID: z
    .string()
    .trim()
    .regex(/^PADPIDA[A-Za-z0-9]{11}$/, { error: 'must be a DDEX Party ID (DPID), e.g. PADPIDA2014120301U' })
    .optional(),
  DDEX_PARTY_NAME: z.string().trim().min(1).optional(),
  DDEX_RECIPIENT_ID: z
    .string()
    .trim()
    .regex(/^PADPIDA[A-Za-z0-9]{11}$/, { error: 'must be a DDEX Party ID (DPID), e.g. PADPIDA2014120301U' })
    .optional(),
  DDEX_RECIPIENT_NAME: z.string().trim().min(1).optional(),
  // Delivery targets: an SFTP server (sftp://user@host:port/folder and a private key file), an S3 bucket.
  DELIVERY_SFTP_URL: optionalUrl(/^sftp$/, 'sftp://'),
  DELIVERY_SFTP_KEY_FILE: z.string().trim().min(1).optional(),
  DELIVERY_SFTP_HOST_KEY_SHA256: z.string().trim().min(1).optional(),
  DELIVERY_S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3-63 lower-case letters, digits, dots, hyphens and underscores',
    })
    .optional(),
  DELIVERY_S3_PREFIX: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]*$/, { error: 'must be a folder path such as ddex/incoming' })
    .default(''),
  TRUST_PROXY: booleanFlag.default(false),
  // Submissions (create-item) one network address may send per hour.
  SUBMISSIONS_PER_HOUR_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  // Routes for the end-to-end suite only (src/server/routes/api/test-hooks.ts); never in production.
  IMPRINT_TEST_HOOKS: booleanFlag.default(false),
  // GET /metrics answers only with this bearer token; unset, /metrics does not exist.
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, { error: 'must be at least 16 characters' })
    .regex(/^\S+$/, { error: 'must not contain spaces' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How long a client may take (http-timeouts.ts); decimals so tests can use short ones.
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0).max(86_400).default(900),
});

export type Env = z.infer<typeof envSchema>;

/** The demo label's DDEX Party ID: the pattern's shape, visibly not a real one. */
export const DEMO_SENDER_DPID = 'PADPIDA0DEMO0LABEL';

export interface AppConfig {
  env: Env['NODE_ENV'];
  /** Development mode (design.md §2): free step clicks, skipped form validation, developer tools. */
  devMode: boolean;
  /** PUBLIC_URL is https: Secure/__Host- cookies, HSTS, upgrade-insecure-requests. */
  httpsOnly: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Server processes sharing the port (src/server/cluster.ts); 1 serves from the process itself. */
  workers: number;
  storage:
    | {
        driver: 'local';
        root: string;
        /** The health check fails below this much free space on root's disk (STORAGE_MIN_FREE_MB). */
        minFreeBytes: number;
      }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        /** An S3-compatible service (MinIO, R2, s3rver); AWS when undefined. */
        endpoint: string | undefined;
        /** Both or neither; neither means the SDK's default credential chain. */
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  mail: {
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
    /** Every outgoing mail is DKIM-signed with this key, when DKIM_* are set (both providers). */
    dkim: DkimSigning | undefined;
  };
  label: {
    name: string;
    contactEmail: string;
    reviewPromise: string;
    /** The label's IANA time zone: its days, for the response promise. */
    timeZone: string;
    social: { video?: string; music?: string; photo?: string };
  };
  /** Made staff members at every start (STAFF_EMAILS). */
  staffEmails: string[];
  /** Large files may bypass the multipart route (signed PUT, presigned S3, resumable tus). */
  directUploads: boolean;
  demoData: boolean;
  jobsEnabled: boolean;
  /**
   * The daily backup (jobs/take-backup.ts) and the one `migrate` takes first: into `dir`, the
   * newest `keep` archives kept. Undefined `dir`: no scheduled backups.
   */
  backup: { dir: string | undefined; keep: number };
  /**
   * The Spotify Web API (client-credentials flow). Without credentials the offline demo catalogue
   * answers instead (design.md §1).
   */
  spotify: {
    credentials: { clientId: string; clientSecret: string } | undefined;
    apiUrl: string;
    accountsUrl: string;
  };
  /** How long an invitation link works (design.md §6; the spec does not say). */
  invitationLifetimeDays: number;
  /** The optional monday.com mirror of the board, when both are set. */
  monday: { apiToken: string; boardId: string; apiUrl: string } | undefined;
  /** Cloudflare Turnstile on the submission form, when both keys are set (design.md §1). */
  turnstile: { siteKey: string; secretKey: string; verifyUrl: string } | undefined;
  /**
   * Dropbox Sign embedded signing instead of the built-in signing page, when its key,
   * client id and template id are set. Webhooks are checked with the API key's HMAC.
   */
  dropboxSign:
    | { apiKey: string; clientId: string; templateId: string; testMode: boolean; apiUrl: string }
    | undefined;
  /**
   * The PKCS#12 (key and certificate chain) sealed PDFs are signed with, when SEAL_P12_FILE and
   * SEAL_P12_PASSWORD are set, read and checked at start; undefined: the label's self-signed
   * certificate in DATA_DIR/seal/ (services/contracts/seal-certificate.ts).
   */
  seal: ConfiguredSeal | undefined;
  /**
   * The RFC 3161 timestamp authority (TSA_URL) whose token every seal signature carries; a seal
   * waits (its job retries) while it cannot answer. Undefined: the server's clock only.
   */
  tsaUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /**
   * Take the client's address from X-Forwarded-For. Only behind a proxy that sets it: otherwise
   * anyone could claim any address and walk past the per-IP rate limits.
   */
  trustProxy: boolean;
  /**
   * Submissions one network address may send per hour (create-item): 30 by default; a label whose
   * artists submit from one address (a studio, a school's network) raises it.
   */
  submissionsPerHourPerIp: number;
  /** The bearer token of GET /metrics (Prometheus); undefined: no /metrics. */
  metricsToken: string | undefined;
  /**
   * IMPRINT_TEST_HOOKS: the end-to-end suite's routes (routes/api/test-hooks.ts) and its per-request
   * clock (the X-Test-Now header, test-clock.ts). Off everywhere else.
   */
  /** Delivery to stores (DDEX ERN): identifiers, the parties of a message, the targets. */
  delivery: {
    isrcPrefix: { country: string; registrant: string } | null;
    upcPrefix: string | null;
    /**
     * The label as DDEX sender. Without DDEX_PARTY_ID, demo data brings a demo identity whose
     * messages are test messages (so `npm start` shows the whole path); otherwise none.
     */
    sender: { dpid: string; name: string; demo: boolean } | undefined;
    /** The store or distributor the messages are for; the sender itself when unset. */
    recipient: { dpid: string; name: string } | undefined;
    sftp: { url: string; keyFile: string; hostKeySha256: string | undefined } | undefined;
    s3:
      | {
          bucket: string;
          prefix: string;
          region: string;
          endpoint: string | undefined;
          accessKeyId: string | undefined;
          secretAccessKey: string | undefined;
          forcePathStyle: boolean;
        }
      | undefined;
  };
  testHooks: boolean;
  /**
   * How long a client may take to send its headers, how long a request may go without a byte, and
   * the most a whole request may take (0: no limit), in milliseconds (http-timeouts.ts).
   */
  httpTimeouts: { headersMs: number; idleMs: number; requestMs: number };
  webRoot: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const WORKERS_NEED_POSTGRES =
  'more than 1 needs DATABASE_URL: the embedded database (PGlite) belongs to the one process that opened it, so several processes need a PostgreSQL server to share';

/**
 * Variables that only make sense together. Read from the raw values, so these problems are listed
 * alongside any malformed value rather than after it is fixed.
 */
function missingTogether(raw: Record<string, string | undefined>): { name: string; message: string }[] {
  const problems: { name: string; message: string }[] = [];
  if (raw.STORAGE_DRIVER === 's3' && !raw.S3_BUCKET) {
    problems.push({ name: 'S3_BUCKET', message: 'is required when STORAGE_DRIVER is s3' });
  }
  // One half of a key pair would silently fall back to the SDK's chain and fail far from here.
  if (raw.S3_ACCESS_KEY_ID && !raw.S3_SECRET_ACCESS_KEY) {
    problems.push({ name: 'S3_SECRET_ACCESS_KEY', message: 'is required with S3_ACCESS_KEY_ID' });
  }
  if (raw.S3_SECRET_ACCESS_KEY && !raw.S3_ACCESS_KEY_ID) {
    problems.push({ name: 'S3_ACCESS_KEY_ID', message: 'is required with S3_SECRET_ACCESS_KEY' });
  }
  // Half a pair would quietly fall back to the offline catalogue, which looks like a working setup.
  if (raw.SPOTIFY_CLIENT_ID && !raw.SPOTIFY_CLIENT_SECRET) {
    problems.push({ name: 'SPOTIFY_CLIENT_SECRET', message: 'is required with SPOTIFY_CLIENT_ID' });
  }
  if (raw.SPOTIFY_CLIENT_SECRET && !raw.SPOTIFY_CLIENT_ID) {
    problems.push({ name: 'SPOTIFY_CLIENT_ID', message: 'is required with SPOTIFY_CLIENT_SECRET' });
  }
  if (raw.DELIVERY_SFTP_URL && !raw.DELIVERY_SFTP_KEY_FILE) {
    problems.push({ name: 'DELIVERY_SFTP_KEY_FILE', message: 'is required with DELIVERY_SFTP_URL' });
  }
  if (raw.DELIVERY_SFTP_KEY_FILE && !raw.DELIVERY_SFTP_URL) {
    problems.push({ name: 'DELIVERY_SFTP_URL', message: 'is required with DELIVERY_SFTP_KEY_FILE' });
  }
  if (raw.MONDAY_API_TOKEN && !raw.MONDAY_BOARD_ID) {
    problems.push({ name: 'MONDAY_BOARD_ID', message: 'is required with MONDAY_API_TOKEN' });
  }
  if (raw.MONDAY_BOARD_ID && !raw.MONDAY_API_TOKEN) {
    problems.push({ name: 'MONDAY_API_TOKEN', message: 'is required with MONDAY_BOARD_ID' });
  }
  // A site key without its secret would show the widget and never check it, and vice versa.
  if (raw.TURNSTILE_SITE_KEY && !raw.TURNSTILE_SECRET_KEY) {
    problems.push({ name: 'TURNSTILE_SECRET_KEY', message: 'is required with TURNSTILE_SITE_KEY' });
  }
  if (raw.TURNSTILE_SECRET_KEY && !raw.TURNSTILE_SITE_KEY) {
    problems.push({ name: 'TURNSTILE_SITE_KEY', message: 'is required with TURNSTILE_SECRET_KEY' });
  }
  // PGlite is a database inside the process: a second process cannot open its files, and two
  // would each see their own copy. Several processes share a PostgreSQL server instead.
  if (Number(raw.WORKERS ?? 1) > 1 && !raw.DATABASE_URL) {
    problems.push({ name: 'WORKERS', message: WORKERS_NEED_POSTGRES });
  }
  // Node refuses a headers limit above the whole request's.
  const headers = Number(raw.HTTP_HEADERS_TIMEOUT_SECONDS ?? 30);
  const request = Number(raw.HTTP_REQUEST_TIMEOUT_SECONDS ?? 900);
  if (request > 0 && headers > request) {
    problems.push({
      name: 'HTTP_REQUEST_TIMEOUT_SECONDS',
      message: 'must be 0 (no limit) or at least HTTP_HEADERS_TIMEOUT_SECONDS',
    });
  }
  // Half a DKIM setup would send unsigned mail while looking configured.
  const dkim = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY_FILE'] as const;
  if (dkim.some((name) => raw[name])) {
    for (const name of dkim) {
      if (!raw[name]) problems.push({ name, message: 'is required when DKIM signing is configured' });
    }
  }
  const dropboxSign = ['DROPBOX_SIGN_API_KEY', 'DROPBOX_SIGN_CLIENT_ID', 'DROPBOX_SIGN_TEMPLATE_ID'] as const;
  if (dropboxSign.some((name) => raw[name])) {
    for (const name of dropboxSign) {
      if (!raw[name]) problems.push({ name, message: 'is required when Dropbox Sign is configured' });
    }
  }
  // A file without its password cannot sign, and a password alone names nothing: half a pair
  // would quietly sign with the self-signed certificate instead of the label's real one.
  if (raw.SEAL_P12_FILE && !raw.SEAL_P12_PASSWORD) {
    problems.push({ name: 'SEAL_P12_PASSWORD', message: 'is required with SEAL_P12_FILE' });
  }
  if (raw.SEAL_P12_PASSWORD && !raw.SEAL_P12_FILE) {
    problems.push({ name: 'SEAL_P12_FILE', message: 'is required with SEAL_P12_PASSWORD' });
  }
  return problems;
}

/** Secrets whose wrong value is not repeated in the error (it ends up in logs). */
const unshownVariables = new Set(['METRICS_TOKEN', 'SEAL_P12_PASSWORD']);

function shownValue(name: string, value: string | undefined): string {
  if (unshownVariables.has(name)) return `${value?.length ?? 0} characters, not shown`;
  return JSON.stringify(value ?? '');
}

/** Parses the environment. A wrong value throws a ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  // An empty string is treated as "not set", as shells and .env files produce them freely.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in envSchema.shape && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  // Read now, so a missing or wrong key stops the start instead of the first mail going out unsigned.
  const dkimKeyFile = cleaned.DKIM_PRIVATE_KEY_FILE?.trim();
  const dkimKey = dkimKeyFile ? readDkimPrivateKey(path.resolve(dkimKeyFile)) : undefined;
  // Likewise the seal's certificate: a wrong password stops the start, not the first sealing.
  const sealFile = cleaned.SEAL_P12_FILE?.trim();
  const seal =
    sealFile && cleaned.SEAL_P12_PASSWORD
      ? readConfiguredSealP12(path.resolve(sealFile), cleaned.SEAL_P12_PASSWORD)
      : undefined;
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues).map((issue) => ({
      name: issue.path.join('.') || '(environment)',
      message: issue.message,
    })),
    ...missingTogether(cleaned),
    ...(dkimKey && 'problem' in dkimKey ? [{ name: 'DKIM_PRIVATE_KEY_FILE', message: dkimKey.problem }] : []),
    ...(seal && 'problem' in seal ? [{ name: 'SEAL_P12_FILE', message: seal.problem }] : []),
  ].map(({ name, message }) => `${name}: ${message} (got ${shownValue(name, source[name])})`);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    devMode: env.NODE_ENV === 'development' || env.IMPRINT_DEV,
    httpsOnly: env.PUBLIC_URL?.startsWith('https://') ?? false,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    workers: env.WORKERS,
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            // Present: missingTogether refused its absence above.
            bucket: env.S3_BUCKET as string,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : {
            driver: 'local',
            root: path.join(dataDir, 'files'),
            minFreeBytes: env.STORAGE_MIN_FREE_MB * 1024 * 1024,
          },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(dataDir, 'mail'),
      dkim:
        env.DKIM_DOMAIN && env.DKIM_SELECTOR && dkimKey && 'key' in dkimKey
          ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: dkimKey.key }
          : undefined,
    },
    label: {
      name: env.LABEL_NAME,
      contactEmail: env.CONTACT_EMAIL,
      reviewPromise: env.REVIEW_PROMISE,
      timeZone: env.LABEL_TIME_ZONE,
      social: {
        ...(env.SOCIAL_VIDEO_URL ? { video: env.SOCIAL_VIDEO_URL } : {}),
        ...(env.SOCIAL_MUSIC_URL ? { music: env.SOCIAL_MUSIC_URL } : {}),
        ...(env.SOCIAL_PHOTO_URL ? { photo: env.SOCIAL_PHOTO_URL } : {}),
      },
    },
    staffEmails: env.STAFF_EMAILS,
    directUploads: env.DIRECT_UPLOADS,
    demoData: env.DEMO_DATA,
    jobsEnabled: env.JOBS_ENABLED,
    backup: { dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined, keep: env.BACKUP_KEEP },
    spotify: {
      credentials:
        env.SPOTIFY_CLIENT_ID && env.SPOTIFY_CLIENT_SECRET
          ? { clientId: env.SPOTIFY_CLIENT_ID, clientSecret: env.SPOTIFY_CLIENT_SECRET }
          : undefined,
      apiUrl: env.SPOTIFY_API_URL.replace(/\/+$/, ''),
      accountsUrl: env.SPOTIFY_ACCOUNTS_URL.replace(/\/+$/, ''),
    },
    invitationLifetimeDays: env.INVITATION_LIFETIME_DAYS,
    monday:
      env.MONDAY_API_TOKEN && env.MONDAY_BOARD_ID
        ? { apiToken: env.MONDAY_API_TOKEN, boardId: env.MONDAY_BOARD_ID, apiUrl: env.MONDAY_API_URL }
        : undefined,
    turnstile:
      env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY
        ? {
            siteKey: env.TURNSTILE_SITE_KEY,
            secretKey: env.TURNSTILE_SECRET_KEY,
            verifyUrl: env.TURNSTILE_VERIFY_URL,
          }
        : undefined,
    dropboxSign:
      env.DROPBOX_SIGN_API_KEY && env.DROPBOX_SIGN_CLIENT_ID && env.DROPBOX_SIGN_TEMPLATE_ID
        ? {
            apiKey: env.DROPBOX_SIGN_API_KEY,
            clientId: env.DROPBOX_SIGN_CLIENT_ID,
            templateId: env.DROPBOX_SIGN_TEMPLATE_ID,
            testMode: env.DROPBOX_SIGN_TEST_MODE,
            apiUrl: env.DROPBOX_SIGN_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    seal: seal && 'p12' in seal ? seal : undefined,
    tsaUrl: env.TSA_URL,
    delivery: {
      isrcPrefix: env.ISRC_PREFIX ? parseIsrcPrefix(env.ISRC_PREFIX) : null,
      upcPrefix: env.UPC_PREFIX ? parseGs1Prefix(env.UPC_PREFIX) : null,
      sender: env.DDEX_PARTY_ID
        ? { dpid: env.DDEX_PARTY_ID, name: env.DDEX_PARTY_NAME ?? env.LABEL_NAME, demo: false }
        : env.DEMO_DATA
          ? { dpid: DEMO_SENDER_DPID, name: env.DDEX_PARTY_NAME ?? env.LABEL_NAME, demo: true }
          : undefined,
      recipient: env.DDEX_RECIPIENT_ID
        ? { dpid: env.DDEX_RECIPIENT_ID, name: env.DDEX_RECIPIENT_NAME ?? env.DDEX_RECIPIENT_ID }
        : undefined,
      sftp:
        env.DELIVERY_SFTP_URL && env.DELIVERY_SFTP_KEY_FILE
          ? {
              url: env.DELIVERY_SFTP_URL,
              keyFile: path.resolve(env.DELIVERY_SFTP_KEY_FILE),
              hostKeySha256: env.DELIVERY_SFTP_HOST_KEY_SHA256,
            }
          : undefined,
      s3: env.DELIVERY_S3_BUCKET
        ? {
            bucket: env.DELIVERY_S3_BUCKET,
            prefix: env.DELIVERY_S3_PREFIX.replace(/\/+$/, ''),
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    submissionsPerHourPerIp: env.SUBMISSIONS_PER_HOUR_PER_IP,
    metricsToken: env.METRICS_TOKEN,
    testHooks: env.IMPRINT_TEST_HOOKS,
    httpTimeouts: {
      headersMs: Math.round(env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000),
      idleMs: Math.round(env.HTTP_IDLE_TIMEOUT_SECONDS * 1000),
      requestMs: Math.round(env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
    },
    webRoot: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web'),
  };
}
