import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config';

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

describe('.env.example', () => {
  it('documents exactly the variables the schema reads', () => {
    const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const documented = [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(new Set(documented)).toEqual(new Set(Object.keys(envSchema.shape)));
  });
});
