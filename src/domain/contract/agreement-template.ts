import { AGREEMENT_TERMS } from './signing';

/**
 * The artist agreement is a template staff edit in the console. Its body is plain text:
 * paragraphs separated by blank lines, a line starting with '# ' is a heading, and the
 * placeholders below are filled in for each artist. Every saved edit is a new version; a signature
 * request freezes the text it was made from.
 */
export const AGREEMENT_PLACEHOLDERS = ['artistName', 'artistEmail', 'labelName', 'date'] as const;
export type AgreementPlaceholder = (typeof AGREEMENT_PLACEHOLDERS)[number];
export type AgreementValues = Record<AgreementPlaceholder, string>;

export const AGREEMENT_TITLE_MAX = 200;
export const AGREEMENT_BODY_MAX = 50_000;

export const AGREEMENT_TEMPLATE_MESSAGES = {
  titleRequired: 'Give the agreement a title.',
  titleTooLong: `The title can be at most ${AGREEMENT_TITLE_MAX} characters.`,
  bodyRequired: 'The agreement needs a text.',
  bodyTooLong: `The agreement can be at most ${AGREEMENT_BODY_MAX.toLocaleString('en-GB')} characters.`,
  artistNameMissing: 'The agreement must name the artist: put {{artistName}} in the text.',
  unknownPlaceholder: (name: string) =>
    `Unknown placeholder {{${name}}}. Use ${AGREEMENT_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}.`,
} as const;

const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The demo template: the spec's terms (spec 000 §2, §9). Seeded as version 1. */
export const DEMO_AGREEMENT_TEMPLATE = {
  title: 'Artist Agreement',
  body: `# Artist Agreement

This agreement is made on {{date}} between {{labelName}} ("the Label") and {{artistName}} ("the Artist"), who can be reached at {{artistEmail}}.

# 1. Term

This agreement lasts for ${AGREEMENT_TERMS.termMonths} months from the date it is signed. Either party may end it by giving ${AGREEMENT_TERMS.terminationNoticeDays} days' written notice.

# 2. Rights

The Artist grants the Label the non-exclusive right to distribute, sell and promote the recordings the Artist submits and the Label accepts, on digital and physical services worldwide, for the term of this agreement. The Artist keeps ownership of the recordings and remains free to release them elsewhere.

# 3. Royalties

The Label pays the Artist the share of net receipts agreed for each release, with a statement every quarter.

# 4. Warranties

The Artist confirms that they own or control the rights in each recording they submit and that it does not infringe anyone else's rights.

# 5. Governing law

This agreement is governed by the law of the ${AGREEMENT_TERMS.governingLaw}, and its courts have jurisdiction over any dispute about it.`,
} as const;

/** The problems with a template a staff member wants to save, in the order they appear. */
export function validateAgreementTemplate(title: string, body: string): string[] {
  const problems: string[] = [];
  const trimmedTitle = title.trim();
  if (!trimmedTitle) problems.push(AGREEMENT_TEMPLATE_MESSAGES.titleRequired);
  else if (trimmedTitle.length > AGREEMENT_TITLE_MAX) problems.push(AGREEMENT_TEMPLATE_MESSAGES.titleTooLong);
  if (!body.trim()) {
    problems.push(AGREEMENT_TEMPLATE_MESSAGES.bodyRequired);
    return problems;
  }
  if (body.length > AGREEMENT_BODY_MAX) problems.push(AGREEMENT_TEMPLATE_MESSAGES.bodyTooLong);
  const used = new Set<string>();
  for (const match of body.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1] ?? '';
    if (!(AGREEMENT_PLACEHOLDERS as readonly string[]).includes(name)) {
      if (!used.has(name)) problems.push(AGREEMENT_TEMPLATE_MESSAGES.unknownPlaceholder(name));
    }
    used.add(name);
  }
  if (!used.has('artistName')) problems.push(AGREEMENT_TEMPLATE_MESSAGES.artistNameMissing);
  return problems;
}

/** The template's text for one artist: each placeholder replaced by its value. */
export function renderAgreement(body: string, values: AgreementValues): string {
  return body.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    (AGREEMENT_PLACEHOLDERS as readonly string[]).includes(name)
      ? values[name as AgreementPlaceholder]
      : whole,
  );
}

export type AgreementBlock = { kind: 'heading' | 'paragraph'; text: string };

/**
 * The rendered text as blocks, the one reading of the format that the signing page, the
 * template preview and the sealed PDF all share.
 */
export function splitAgreementBlocks(text: string): AgreementBlock[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) =>
      chunk.startsWith('# ')
        ? { kind: 'heading' as const, text: chunk.slice(2).trim() }
        : { kind: 'paragraph' as const, text: chunk.replace(/\s*\n\s*/g, ' ') },
    );
}
