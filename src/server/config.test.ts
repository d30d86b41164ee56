import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig, WORKERS_NEED_POSTGRES } from './config';
import { createSelfSignedSealP12 } from './services/contracts/seal-certificate';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      storage: { driver: 'local', root: path.resolve('./data/files'), minFreeBytes: 250 * 1024 * 1024 },
      mail: { smtpUrl: undefined, outboxDir: path.resolve('./data/mail') },
      publicUrl: 'http://localhost:3000',
      devMode: false,
      httpsOnly: false,
      demoData: true,
      label: { name: 'Imprint', reviewPromise: '5-7 days' },
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/imprint' }, 'DATABASE_URL'],
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ CONTACT_EMAIL: 'not-an-address' }, 'CONTACT_EMAIL'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'Imprint_Files' }, 'S3_BUCKET'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ SPOTIFY_CLIENT_ID: 'client' }, 'SPOTIFY_CLIENT_SECRET'],
    [{ SPOTIFY_CLIENT_SECRET: 'secret' }, 'SPOTIFY_CLIENT_ID'],
    [{ SEAL_P12_FILE: './seal.p12' }, 'SEAL_P12_PASSWORD'],
    [{ SEAL_P12_PASSWORD: 'secret' }, 'SEAL_P12_FILE'],
    [
      { SPOTIFY_CLIENT_ID: 'client', SPOTIFY_CLIENT_SECRET: 'secret', SPOTIFY_API_URL: 'api.spotify' },
      'SPOTIFY_API_URL',
    ],
  ])('stops on a wrong value and names the variable: %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  - ${name}: `));
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', DEMO_DATA: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it('refuses several server processes over the embedded database, saying why', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(`WORKERS: ${WORKERS_NEED_POSTGRES} (got "2")`);
    expect(WORKERS_NEED_POSTGRES).toMatch(/PGlite.*one process/);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://localhost/imprint' }).workers).toBe(2);
    expect(() => loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://localhost/imprint' })).toThrow(
      /WORKERS: /,
    );
  });

  it('says S3_BUCKET is required for the s3 driver, alongside other problems', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(
      'S3_BUCKET: is required when STORAGE_DRIVER is s3',
    );
    try {
      loadConfig({ STORAGE_DRIVER: 's3', PORT: 'x' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
        'PORT',
        'S3_BUCKET',
      ]);
    }
  });

  it('configures the s3 driver with defaults for region, endpoint, credentials and addressing', () => {
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'label-files' }).storage).toEqual({
      driver: 's3',
      bucket: 'label-files',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it('configures the s3 driver for an S3-compatible service', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'label-files',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      bucket: 'label-files',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
    });
  });

  it('ignores the S3 variables with the local driver', () => {
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).storage).toEqual({
      driver: 'local',
      root: path.resolve('./data/files'),
      minFreeBytes: 250 * 1024 * 1024,
    });
  });

  it('turns on development mode with NODE_ENV=development or IMPRINT_DEV=1', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).devMode).toBe(true);
    expect(loadConfig({ IMPRINT_DEV: '1' }).devMode).toBe(true);
    expect(loadConfig({ IMPRINT_DEV: '0' }).devMode).toBe(false);
  });

  it('hardens cookies and transport when PUBLIC_URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' })).toMatchObject({
      httpsOnly: true,
      publicUrl: 'https://portal.example.com',
    });
  });
});

describe('Spotify configuration', () => {
  it('uses the offline catalogue without credentials and Spotify itself with them', () => {
    expect(loadConfig({}).spotify).toEqual({
      credentials: undefined,
      apiUrl: 'https://api.spotify.com/v1',
      accountsUrl: 'https://accounts.spotify.com',
    });
    const config = loadConfig({
      SPOTIFY_CLIENT_ID: 'client',
      SPOTIFY_CLIENT_SECRET: 'secret',
      SPOTIFY_API_URL: 'http://127.0.0.1:9999/v1/',
    });
    expect(config.spotify.credentials).toEqual({ clientId: 'client', clientSecret: 'secret' });
    expect(config.spotify.apiUrl).toBe('http://127.0.0.1:9999/v1');
  });
});

describe('METRICS_TOKEN', () => {
  it('is off by default and taken as given when long enough', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
  });

  it.each(['short-token', 'has a space in it!'])(
    'stops on %j, naming the variable but not the value',
    (token) => {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(
        /^Invalid configuration:\n {2}- METRICS_TOKEN: /,
      );
      try {
        loadConfig({ METRICS_TOKEN: token });
        expect.unreachable();
      } catch (error) {
        expect((error as ConfigError).message).not.toContain(token);
      }
    },
  );
});

describe('DKIM configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-dkim-config-'));
  const keyFile = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const pem = (type: 'rsa' | 'ed25519', modulusLength = 2048) =>
    generateKeyPairSync(type as 'rsa', { modulusLength })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
  const rsaKey = keyFile('rsa.pem', pem('rsa'));
  const env = { DKIM_DOMAIN: 'Label.Example', DKIM_SELECTOR: 'imprint', DKIM_PRIVATE_KEY_FILE: rsaKey };
  const problemsOf = (source: Record<string, string>) => {
    try {
      loadConfig(source);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('is off without the variables, and reads the key at start with all three', () => {
    expect(loadConfig({}).mail.dkim).toBeUndefined();
    const dkim = loadConfig(env).mail.dkim;
    expect(dkim).toMatchObject({ domainName: 'label.example', keySelector: 'imprint' });
    expect(dkim?.privateKey.asymmetricKeyType).toBe('rsa');
    // A KeyObject: a configuration logged by mistake does not carry the key.
    expect(JSON.stringify(dkim)).not.toContain('PRIVATE KEY');
  });

  it('wants all three or none, naming each missing one', () => {
    expect(problemsOf({ DKIM_DOMAIN: 'label.example' })).toEqual([
      'DKIM_SELECTOR: is required when DKIM signing is configured (got "")',
      'DKIM_PRIVATE_KEY_FILE: is required when DKIM signing is configured (got "")',
    ]);
    expect(problemsOf({ DKIM_SELECTOR: 'imprint', DKIM_PRIVATE_KEY_FILE: rsaKey })).toEqual([
      'DKIM_DOMAIN: is required when DKIM signing is configured (got "")',
    ]);
  });

  it.each([
    [{ DKIM_DOMAIN: 'label' }, 'DKIM_DOMAIN: must be a domain name'],
    [{ DKIM_DOMAIN: 'https://label.example' }, 'DKIM_DOMAIN: must be a domain name'],
    [{ DKIM_SELECTOR: 'mail.2025' }, 'DKIM_SELECTOR: must be one DNS label'],
    [{ DKIM_SELECTOR: 'imprint_' }, 'DKIM_SELECTOR: must be one DNS label'],
    [
      { DKIM_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') },
      'DKIM_PRIVATE_KEY_FILE: cannot be read: ENOENT',
    ],
    [
      { DKIM_PRIVATE_KEY_FILE: keyFile('text.pem', 'not a key\n') },
      'DKIM_PRIVATE_KEY_FILE: must be an unencrypted PEM private key file',
    ],
    [
      {
        DKIM_PRIVATE_KEY_FILE: keyFile(
          'public.pem',
          generateKeyPairSync('rsa', { modulusLength: 1024 })
            .publicKey.export({ type: 'spki', format: 'pem' })
            .toString(),
        ),
      },
      'DKIM_PRIVATE_KEY_FILE: must be an unencrypted PEM private key file',
    ],
    [
      { DKIM_PRIVATE_KEY_FILE: keyFile('ed25519.pem', pem('ed25519')) },
      'DKIM_PRIVATE_KEY_FILE: is an Ed25519 key, which DKIM allows but nodemailer signs DKIM with RSA only',
    ],
    [
      { DKIM_PRIVATE_KEY_FILE: keyFile('short.pem', pem('rsa', 512)) },
      'DKIM_PRIVATE_KEY_FILE: is a 512-bit RSA key; receivers refuse DKIM keys under 1024 bits',
    ],
  ])('refuses %j, naming the variable', (change, message) => {
    const problems = problemsOf({ ...env, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });
});

describe('SEAL_P12_FILE and SEAL_P12_PASSWORD', () => {
  it('reads and checks the certificate at start, never showing the password', async () => {
    expect(loadConfig({}).seal).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-config-seal-'));
    try {
      const file = path.join(dir, 'seal.p12');
      const made = await createSelfSignedSealP12('Config Records');
      fs.writeFileSync(file, made.p12);
      const config = loadConfig({ SEAL_P12_FILE: file, SEAL_P12_PASSWORD: made.passphrase });
      expect(config.seal).toEqual({ file, p12: made.p12, password: made.passphrase });

      const wrong = 'not the password';
      expect(() => loadConfig({ SEAL_P12_FILE: file, SEAL_P12_PASSWORD: wrong })).toThrow(
        new RegExp(`^Invalid configuration:\\n {2}- SEAL_P12_FILE: ${file} cannot be read as a PKCS#12`),
      );
      try {
        loadConfig({ SEAL_P12_FILE: path.join(dir, 'none.p12'), SEAL_P12_PASSWORD: wrong });
        expect.unreachable();
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([
          expect.stringMatching(/^SEAL_P12_FILE: cannot read .*none\.p12 \(ENOENT/),
        ]);
      }
      try {
        loadConfig({ SEAL_P12_PASSWORD: wrong });
        expect.unreachable();
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([
          'SEAL_P12_FILE: is required with SEAL_P12_PASSWORD (got "")',
        ]);
        expect((error as ConfigError).message).not.toContain(wrong);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('TSA_URL', () => {
  it('names the timestamp authority of seal signatures: an http(s) URL, or none', () => {
    expect(loadConfig({}).tsaUrl).toBeUndefined();
    expect(loadConfig({ TSA_URL: 'http://timestamp.digicert.com' }).tsaUrl).toBe(
      'http://timestamp.digicert.com',
    );
    expect(() => loadConfig({ TSA_URL: 'ftp://tsa.example' })).toThrow(
      'TSA_URL: must be a http(s) URL (got "ftp://tsa.example")',
    );
  });
});

describe('.env.example', () => {
  it('documents exactly the variables the schema reads', () => {
    const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const documented = [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(new Set(documented)).toEqual(new Set(Object.keys(envSchema.shape)));
  });
});
