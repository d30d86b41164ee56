import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig, WORKERS_NEED_POSTGRES } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      storage: { driver: 'local', root: path.resolve('./data/files') },
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

describe('.env.example', () => {
  it('documents exactly the variables the schema reads', () => {
    const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const documented = [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(new Set(documented)).toEqual(new Set(Object.keys(envSchema.shape)));
  });
});
