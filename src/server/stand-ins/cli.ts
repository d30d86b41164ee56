import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDropboxSignStandIn } from './dropbox-sign';
import { startMondayStandIn } from './monday';
import { loadSftpStandInKeys, startSftpStandIn } from './sftp';
import { startSpotifyStandIn } from './spotify';
import { startTsaStandIn } from './tsa';
import { startTurnstileStandIn, TURNSTILE_TEST_KEYS } from './turnstile';

/**
 * `npm run imprint -- stand-ins [name ...]`: the stand-ins for external services, started for local
 * development. Each listens on a fixed port with fixed credentials, so the lines printed for .env
 * keep working from one start to the next (their data lives in memory and starts afresh).
 */
export const STAND_IN_NAMES = ['monday', 'turnstile', 'spotify', 'dropbox-sign', 'sftp', 'tsa'] as const;
export type StandInName = (typeof STAND_IN_NAMES)[number];

/** Beside the server's 3000, Vite's 5173 and the e2e suite's 3100 and 3199. */
export const STAND_IN_PORTS: Record<StandInName, number> = {
  monday: 3301,
  turnstile: 3302,
  spotify: 3303,
  'dropbox-sign': 3304,
  sftp: 3305,
  tsa: 3306,
};

/** Dropbox Sign's identifiers, in their formats; the stand-in takes any. */
const DROPBOX_SIGN_IDS = {
  apiKey: 'stand-in-key',
  clientId: '0123456789abcdef0123456789abcdef',
  templateId: '0123456789abcdef0123456789abcdef01234567',
};

export interface RunningStandIn {
  name: StandInName;
  /** What it stands in for, and what a developer should know about it. */
  description: string;
  /** The environment that points Imprint at it (config.ts's names). */
  env: Record<string, string>;
  close(): Promise<void>;
}

type Ports = Partial<Record<StandInName, number>>;

const starters: Record<StandInName, (port: number | undefined) => Promise<RunningStandIn>> = {
  monday: async (port) => {
    const standIn = await startMondayStandIn({ port });
    return {
      name: 'monday',
      description: `monday.com's GraphQL API: board ${standIn.boardId} with ${standIn.columns.length} columns`,
      env: {
        MONDAY_API_URL: standIn.apiUrl,
        MONDAY_API_TOKEN: standIn.apiToken,
        MONDAY_BOARD_ID: standIn.boardId,
      },
      close: () => standIn.close(),
    };
  },
  turnstile: async (port) => {
    const standIn = await startTurnstileStandIn({ port, keys: TURNSTILE_TEST_KEYS });
    return {
      name: 'turnstile',
      description:
        "Cloudflare Turnstile's siteverify: the form shows Cloudflare's own widget (loaded from the " +
        'internet) with its test site key, whose dummy token this stand-in accepts',
      env: {
        TURNSTILE_SITE_KEY: standIn.siteKey,
        TURNSTILE_SECRET_KEY: standIn.secretKey,
        TURNSTILE_VERIFY_URL: standIn.verifyUrl,
      },
      close: () => standIn.close(),
    };
  },
  spotify: async (port) => {
    const standIn = await startSpotifyStandIn({ port });
    return {
      name: 'spotify',
      description: 'the Spotify Web API: search "Echo" for its 30 artists, albums and tracks',
      env: {
        SPOTIFY_CLIENT_ID: standIn.clientId,
        SPOTIFY_CLIENT_SECRET: standIn.clientSecret,
        SPOTIFY_API_URL: standIn.apiUrl,
        SPOTIFY_ACCOUNTS_URL: standIn.accountsUrl,
      },
      close: () => standIn.close(),
    };
  },
  'dropbox-sign': async (port) => {
    const standIn = await startDropboxSignStandIn({ ...DROPBOX_SIGN_IDS, port });
    return {
      name: 'dropbox-sign',
      description:
        'the Dropbox Sign API: requests are created and read here; signing itself happens in ' +
        "Dropbox Sign's embedded client, which no stand-in serves",
      env: {
        DROPBOX_SIGN_API_KEY: standIn.apiKey,
        DROPBOX_SIGN_CLIENT_ID: standIn.clientId,
        DROPBOX_SIGN_TEMPLATE_ID: standIn.templateId,
        DROPBOX_SIGN_API_URL: standIn.apiUrl,
      },
      close: () => standIn.close(),
    };
  },
  sftp: async (port) => {
    // Keys and delivered files live in one folder, so the printed lines (the pinned host key
    // among them) hold from one start to the next.
    const folder = path.join(os.tmpdir(), 'imprint-stand-ins', 'sftp');
    const keys = await loadSftpStandInKeys(folder);
    const standIn = await startSftpStandIn({
      port,
      root: path.join(folder, 'files'),
      authorizedKey: keys.authorizedKey,
      hostKey: keys.hostKey,
    });
    await fs.mkdir(path.join(standIn.root, 'incoming'), { recursive: true });
    return {
      name: 'sftp',
      description: `a store's SFTP drop box (key sign-in only): deliveries land in ${standIn.root}/incoming`,
      env: {
        DELIVERY_SFTP_URL: `${standIn.url}incoming`,
        DELIVERY_SFTP_KEY_FILE: keys.privateKeyFile,
        DELIVERY_SFTP_HOST_KEY_SHA256: standIn.hostKeySha256.replace(/^SHA256:/, ''),
      },
      close: () => standIn.close(),
    };
  },
  tsa: async (port) => {
    const standIn = await startTsaStandIn({ port });
    return {
      name: 'tsa',
      description:
        `an RFC 3161 timestamp authority, "${standIn.commonName}": its certificate is made afresh at ` +
        'each start and self-signed, so PDF readers show the timestamp as from an untrusted authority',
      env: { TSA_URL: standIn.url },
      close: () => standIn.close(),
    };
  },
};

export function isStandInName(name: string): name is StandInName {
  return (STAND_IN_NAMES as readonly string[]).includes(name);
}

/**
 * Starts the named stand-ins on their fixed ports (tests pass others: 0 for any free one). When one
 * cannot start (its port is taken), those already started are closed again and the error names it.
 */
export async function startStandIns(
  names: readonly StandInName[],
  ports: Ports = STAND_IN_PORTS,
): Promise<RunningStandIn[]> {
  const running: RunningStandIn[] = [];
  for (const name of new Set(names)) {
    try {
      running.push(await starters[name](ports[name]));
    } catch (error) {
      await Promise.all(running.map((standIn) => standIn.close()));
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`The ${name} stand-in could not start on port ${ports[name]}: ${reason}`);
    }
  }
  return running;
}

/** The lines for .env: a comment naming each stand-in, then its variables (shell-safe values). */
export function envLines(running: readonly RunningStandIn[]): string {
  return running
    .map((standIn) =>
      [
        `# ${standIn.name}: ${standIn.description}`,
        ...Object.entries(standIn.env).map(([key, value]) => `${key}=${value}`),
      ].join('\n'),
    )
    .join('\n\n');
}

export const STAND_INS_USAGE = `stand-ins [${STAND_IN_NAMES.join('|')} ...]`;

/**
 * The command: starts the named stand-ins (all without names), prints the .env lines and runs until
 * Ctrl-C (or SIGTERM), then closes them. Answers the exit code.
 */
export async function runStandIns(args: string[]): Promise<number> {
  const names = args.filter(isStandInName);
  const unknown = args.filter((name) => !isStandInName(name));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown stand-in: ${unknown.join(', ')}. Usage: npm run imprint -- ${STAND_INS_USAGE}\n`,
    );
    return 2;
  }
  const running = await startStandIns(names.length > 0 ? names : STAND_IN_NAMES);
  process.stdout.write(
    `${envLines(running)}\n\n` +
      '# Put these lines in .env and restart Imprint (set -a; . ./.env; set +a; npm run dev).\n' +
      '# Ctrl-C stops the stand-ins.\n',
  );
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await Promise.all(running.map((standIn) => standIn.close()));
  process.stdout.write(`# Stand-ins stopped (${signal}).\n`);
  return 0;
}
