import path from 'node:path';
import { loadConfig } from './config';
import { DKIM_GENERATED_RSA_BITS, dkimDnsRecord, dkimNotices, generateDkimKey } from './providers/mail/dkim';

export const DKIM_USAGE = 'dkim [--generate FILE]';

interface Output {
  write(text: string): unknown;
}

const NOT_CONFIGURED = `DKIM is not configured: outgoing mail is not signed. Set all three, then run this again
to print the DNS record to publish:
  DKIM_DOMAIN=label.example        the signing domain: MAIL_FROM's domain, or the domain above it
  DKIM_SELECTOR=imprint            any one DNS label; a new key gets a new selector
  DKIM_PRIVATE_KEY_FILE=dkim.pem   an RSA private key (PEM); npm run imprint -- dkim --generate dkim.pem
`;

/**
 * `npm run imprint -- dkim`: the DNS TXT record that publishes the configured key's public half,
 * split into the 255-character strings DNS holds, and how to check it once published.
 * `--generate FILE` writes a new key instead. Needs no database.
 */
export function runDkim(
  args: string[],
  io: { env: Record<string, string | undefined>; stdout: Output; stderr: Output },
): number {
  if (args[0] === '--generate') {
    const file = args[1];
    if (!file || args.length > 2) {
      io.stderr.write(`Usage: npm run imprint -- dkim --generate FILE\n`);
      return 2;
    }
    try {
      generateDkimKey(file);
    } catch (error) {
      io.stderr.write(`Could not write ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    io.stdout.write(
      `Wrote a new ${DKIM_GENERATED_RSA_BITS}-bit RSA private key to ${file} (readable by this user only).\n` +
        `Set DKIM_PRIVATE_KEY_FILE=${path.resolve(file)}, DKIM_DOMAIN and DKIM_SELECTOR, then run\n` +
        `npm run imprint -- dkim to print the DNS record to publish.\n`,
    );
    return 0;
  }
  if (args.length > 0) {
    io.stderr.write(`Usage: npm run imprint -- ${DKIM_USAGE}\n`);
    return 2;
  }
  const config = loadConfig(io.env);
  const dkim = config.mail.dkim;
  if (!dkim) {
    io.stderr.write(NOT_CONFIGURED);
    return 1;
  }
  const record = dkimDnsRecord(dkim);
  const quoted = record.strings.map((part) => `"${part}"`).join(' ');
  const lines = [
    `Publish this DNS TXT record so receivers can check the DKIM signature of ${dkim.domainName}'s mail:`,
    '',
    `  name:  ${record.name}`,
    '  type:  TXT',
    `  value: ${record.value}`,
    '',
    record.strings.length === 1
      ? 'In a zone file:'
      : `A TXT string holds at most 255 characters, so the value is ${record.strings.length} strings; in a zone file:`,
    '',
    `  ${record.name}. 3600 IN TXT ( ${quoted} )`,
    '',
    "(A DNS provider's web form usually takes the value in one piece and splits it itself.)",
    '',
    'Check it once published (the strings of the answer, joined, are the value above):',
    '',
    `  dig +short TXT ${record.name}`,
    ...dkimNotices(config.mail).flatMap((notice) => ['', `Note: ${notice}`]),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
