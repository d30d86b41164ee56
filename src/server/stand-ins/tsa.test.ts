import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTimeStampResp, encodeTimeStampReq, TSP_OID } from '../providers/timestamp/tsp';
import { startTsaStandIn, type TsaStandIn } from './tsa';

const run = promisify(execFile);
let tsa: TsaStandIn;
let dir: string;
beforeAll(async () => {
  tsa = await startTsaStandIn({ now: () => new Date('2026-11-20T09:18:14.250Z') });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-tsa-'));
  await fs.writeFile(path.join(dir, 'tsa.pem'), tsa.certificatePem);
});
afterAll(async () => {
  await tsa.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const post = async (body: Buffer, contentType = 'application/timestamp-query') => {
  const response = await fetch(tsa.url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

/** OpenSSL's own TSP code, so the stand-in is held to the protocol, not only to Imprint's client. */
const openssl = async (...args: string[]) => (await run('openssl', ['ts', ...args], { cwd: dir })).stdout;

describe('the timestamp authority stand-in', () => {
  it('answers an RFC 3161 request with a token OpenSSL reads and verifies against its certificate', async () => {
    const data = Buffer.from('the signature value to timestamp');
    const query = encodeTimeStampReq({
      digestAlgorithm: TSP_OID.sha256,
      digest: createHash('sha256').update(data).digest(),
      policy: null,
      nonce: Buffer.from('0102030405060708', 'hex'),
      certReq: true,
    });
    const { response, bytes } = await post(query);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/timestamp-reply');
    await fs.writeFile(path.join(dir, 'request.tsq'), query);
    await fs.writeFile(path.join(dir, 'response.tsr'), bytes);
    await fs.writeFile(path.join(dir, 'data.bin'), data);

    // OpenSSL reads our request as we meant it.
    const request = await openssl('-query', '-in', 'request.tsq', '-text');
    expect(request).toContain('Hash Algorithm: sha256');
    expect(request).toContain('Nonce: 0x0102030405060708');
    expect(request).toContain('Certificate required: yes');

    const reply = await openssl('-reply', '-in', 'response.tsr', '-text');
    expect(reply).toContain('Status: Granted.');
    // openssl.cnf names the example policy tsa_policy1; without that file OpenSSL prints the OID.
    expect(reply).toMatch(/Policy OID: (tsa_policy1|1\.2\.3\.4\.1)\n/);
    expect(reply).toContain('Hash Algorithm: sha256');
    expect(reply).toContain('Time stamp: Nov 20 09:18:14.25 2026 GMT');
    expect(reply).toContain('Nonce: 0x0102030405060708');
    expect(reply).toContain(`TSA: DirName:/O=${tsa.organisation}/CN=${tsa.commonName}`);

    // Signature, ESS signingCertificateV2, the certificate's critical timeStamping usage, imprint, nonce.
    const verified = await openssl(
      '-verify',
      '-in',
      'response.tsr',
      '-queryfile',
      'request.tsq',
      '-CAfile',
      'tsa.pem',
    );
    expect(verified.trim()).toBe('Verification: OK');
    const byData = await openssl('-verify', '-in', 'response.tsr', '-data', 'data.bin', '-CAfile', 'tsa.pem');
    expect(byData.trim()).toBe('Verification: OK');
    await fs.writeFile(path.join(dir, 'other.bin'), 'other data');
    await expect(
      openssl('-verify', '-in', 'response.tsr', '-data', 'other.bin', '-CAfile', 'tsa.pem'),
    ).rejects.toThrow(/message imprint mismatch/);
  });

  it('refuses what a TSA refuses: an unknown digest, another policy, a request that is not one', async () => {
    const refusal = async (body: Buffer) => decodeTimeStampResp((await post(body)).bytes);
    const sha256 = createHash('sha256').update('x').digest();
    const base = {
      digestAlgorithm: TSP_OID.sha256,
      digest: sha256,
      policy: null,
      nonce: null,
      certReq: false,
    };

    const badAlg = await refusal(encodeTimeStampReq({ ...base, digestAlgorithm: '1.2.840.113549.2.5' }));
    expect(badAlg).toMatchObject({ status: 2, token: null });
    expect(badAlg.statusWords).toMatch(/^rejection: unrecognised or unsupported algorithm \(badAlg\)/);
    const policy = await refusal(encodeTimeStampReq({ ...base, policy: '1.2.3.4.99' }));
    expect(policy.statusWords).toContain('unacceptedPolicy');
    const garbage = await refusal(Buffer.from('not DER'));
    expect(garbage.statusWords).toContain('badDataFormat');

    // Without certReq the token carries no certificate; it is still granted.
    expect(await refusal(encodeTimeStampReq(base))).toMatchObject({ status: 0 });
    const { response } = await post(encodeTimeStampReq(base), 'application/octet-stream');
    expect(response.status).toBe(415);
  });
});
