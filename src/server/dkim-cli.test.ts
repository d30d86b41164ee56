import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDkim } from './dkim-cli';
import { readDkimPrivateKey } from './providers/mail/dkim';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-dkim-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  const code = runDkim(args, {
    env,
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
  });
  return { code, ...out };
}

describe('npm run imprint -- dkim', () => {
  it('prints the TXT record of the configured key, in strings DNS can hold, and how to check it', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = path.join(dir, 'dkim.pem');
    fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const { code, stdout } = run([], {
      DKIM_DOMAIN: 'label.example',
      DKIM_SELECTOR: 'imprint',
      DKIM_PRIVATE_KEY_FILE: keyFile,
      MAIL_FROM: 'Imprint <no-reply@label.example>',
    });
    expect(code).toBe(0);
    expect(stdout).toContain('  name:  imprint._domainkey.label.example\n');
    expect(stdout).toContain('  dig +short TXT imprint._domainkey.label.example\n');
    expect(stdout).not.toContain('Note:');

    // The zone-file line, parsed back as a resolver would: its strings joined, then the tags.
    const zoneLine = stdout.split('\n').find((line) => line.includes(' IN TXT ('));
    const strings = [...(zoneLine ?? '').matchAll(/"([^"]*)"/g)].map((match) => match[1] ?? '');
    expect(strings.length).toBeGreaterThan(1);
    for (const part of strings) expect(part.length).toBeLessThanOrEqual(255);
    const value = strings.join('');
    expect(stdout).toContain(`  value: ${value}\n`);
    const tags = Object.fromEntries(value.split(/;\s*/).map((tag) => tag.split('=', 2)));
    expect(tags).toMatchObject({ v: 'DKIM1', k: 'rsa' });
    const published = createPublicKey({
      key: Buffer.from(tags.p ?? '', 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(published.equals(publicKey)).toBe(true);
  });

  it('without the variables, says what to set and exits non-zero', () => {
    const { code, stdout, stderr } = run([]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    for (const name of ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY_FILE'])
      expect(stderr).toContain(name);
  });

  it('--generate writes a new 2048-bit RSA key only its owner can read, and never over a file', () => {
    const file = path.join(dir, 'new.pem');
    expect(run(['--generate', file]).code).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const read = readDkimPrivateKey(file);
    expect('key' in read && read.key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const again = run(['--generate', file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('EEXIST');
  });
});
