import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { DEMO_AGREEMENT_TEMPLATE, renderAgreement } from '../../../domain';
import { buildSealedAgreementPdf } from '../contracts/seal-agreement-pdf';
import { loadSealCertificate } from '../contracts/seal-certificate';
import {
  type DashboardTestDeps,
  type DashboardTestOutcome,
  type ResolvedTestData,
  succeeded,
  withTimeout,
} from './dashboard-test-context';

/** A provider that never answers fails the test instead of holding the request. */
const PROVIDER_TIMEOUT_MS = 20_000;

/** Storage authentication: the configured credentials write, read back and delete a probe object. */
export async function runStorageAuthTest(deps: DashboardTestDeps): Promise<DashboardTestOutcome> {
  await withTimeout(deps.providers.storage.check(), PROVIDER_TIMEOUT_MS, 'storage');
  const storage = deps.config.storage;
  const where =
    storage.driver === 's3'
      ? `in S3 bucket "${storage.bucket}" (${storage.endpoint ?? `AWS ${storage.region}`})`
      : 'on the local disk';
  return succeeded(`Wrote, read back and deleted a probe object ${where}.`);
}

/** A real message, sent now (not queued), to the staff member or the test data's address. */
export async function runMailTest(
  deps: DashboardTestDeps,
  data: ResolvedTestData,
): Promise<DashboardTestOutcome> {
  const label = deps.config.label.name;
  const sent = await withTimeout(
    deps.providers.mail.send({
      to: data.email,
      subject: `${label} test message`,
      text: [
        `This is a test message from ${label}'s integration test dashboard, sent by ${deps.user.email} at ${new Date().toISOString()}.`,
        'Nothing needs doing: it only shows that mail leaves the portal.',
      ].join('\n\n'),
    }),
    PROVIDER_TIMEOUT_MS,
    'mail',
  );
  const via =
    deps.providers.mail.kind === 'smtp' ? 'the SMTP server' : 'the dev outbox (kept, not delivered)';
  return succeeded(`Sent to ${data.email} through ${via}; message id ${sent.messageId}.`);
}

/**
 * Dropbox Sign: the API key reaches the account. Built-in signing: the sealing code renders a
 * signed test agreement, certificate page included, in memory; nothing is stored.
 */
export async function runSigningTest(
  deps: DashboardTestDeps,
  data: ResolvedTestData,
): Promise<DashboardTestOutcome> {
  const external = deps.providers.externalSigning;
  if (external) {
    const account = await withTimeout(external.checkAccount(), PROVIDER_TIMEOUT_MS, 'Dropbox Sign');
    return succeeded(
      `Dropbox Sign answered for account ${account.emailAddress}${external.testMode ? ' (test mode)' : ''}.`,
    );
  }
  const now = new Date();
  const signerName = `${data.firstName} ${data.surname}`;
  const text = renderAgreement(DEMO_AGREEMENT_TEMPLATE.body, {
    artistName: data.artistName,
    artistEmail: data.email,
    labelName: deps.config.label.name,
    date: now.toISOString().slice(0, 10),
  });
  const requestId = randomUUID();
  const certificate = await loadSealCertificate(deps.config);
  const pdf = await buildSealedAgreementPdf(
    {
      requestId,
      title: `${DEMO_AGREEMENT_TEMPLATE.title} (test)`,
      text,
      templateVersion: 1,
      signerName,
      signerEmail: data.email,
      signature: { method: 'typed', typedName: signerName },
      createdAt: now,
      viewedAt: now,
      consentedAt: now,
      signedAt: now,
      ip: null,
      userAgent: 'Imprint test dashboard',
      documentSha256: createHash('sha256').update(text).digest('hex'),
      verifyUrl: `${deps.config.publicUrl}/contracts/${requestId}/verify`,
      labelName: deps.config.label.name,
      sealedAt: now,
    },
    { certificate, contactInfo: deps.config.label.contactEmail, timestamps: deps.providers.timestamps },
  );
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  const timestamps = deps.providers.timestamps;
  return succeeded(
    `Built-in signing sealed a test agreement for ${signerName} in memory: ${pages} pages, ${pdf.byteLength.toLocaleString('en-US')} bytes of PDF, signed by "${certificate.commonName ?? 'the seal certificate'}" (${certificate.source === 'configured' ? 'SEAL_P12_FILE' : 'self-signed'}, valid until ${certificate.notAfter.toISOString().slice(0, 10)})${timestamps ? `, timestamped by ${timestamps.url}` : ''}; nothing was stored.`,
  );
}

/** The catalogue's own connection test, then one search with the test data's artist name. */
export async function runCatalogueTest(
  deps: DashboardTestDeps,
  data: ResolvedTestData,
): Promise<DashboardTestOutcome> {
  const music = deps.providers.music;
  const connection = await withTimeout(music.test(), PROVIDER_TIMEOUT_MS, 'music catalogue');
  const found = await withTimeout(music.searchArtists(data.artistName, 5), PROVIDER_TIMEOUT_MS, 'search');
  const names = found.map((artist) => artist.name).join(', ');
  return succeeded(
    `${connection}. Searching artists for "${data.artistName}" answered ${found.length} ${found.length === 1 ? 'artist' : 'artists'}${names ? `: ${names}` : ''}.`,
  );
}
