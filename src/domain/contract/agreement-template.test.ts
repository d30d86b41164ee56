import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_BODY_MAX,
  AGREEMENT_PLACEHOLDERS,
  AGREEMENT_TEMPLATE_MESSAGES,
  AGREEMENT_TITLE_MAX,
  type AgreementValues,
  DEMO_AGREEMENT_TEMPLATE,
  renderAgreement,
  splitAgreementBlocks,
  validateAgreementTemplate,
} from './agreement-template';

const values: AgreementValues = {
  artistName: 'Nova Lights',
  artistEmail: 'nova@example.com',
  labelName: 'Imprint Records',
  date: 'November 21, 2026',
};

describe('the demo template', () => {
  it('is valid and states the spec’s terms', () => {
    expect(validateAgreementTemplate(DEMO_AGREEMENT_TEMPLATE.title, DEMO_AGREEMENT_TEMPLATE.body)).toEqual(
      [],
    );
    expect(DEMO_AGREEMENT_TEMPLATE.title).toBe('Artist Agreement');
    const text = renderAgreement(DEMO_AGREEMENT_TEMPLATE.body, values);
    expect(text).toContain('This agreement lasts for 12 months');
    expect(text).toContain("30 days' written notice");
    expect(text).toContain('non-exclusive right');
    expect(text).toContain('governed by the law of the United Kingdom');
    expect(text).toContain(
      'This agreement is made on November 21, 2026 between Imprint Records ("the Label") and Nova Lights ("the Artist"), who can be reached at nova@example.com.',
    );
    expect(text).not.toMatch(/\{\{|\}\}/);
  });
});

describe('validateAgreementTemplate', () => {
  const body = 'Between {{labelName}} and {{artistName}}.';

  it('accepts a title and a body naming the artist, with every known placeholder', () => {
    expect(validateAgreementTemplate('  Agreement ', body)).toEqual([]);
    const all = AGREEMENT_PLACEHOLDERS.map((p) => `{{ ${p} }}`).join(' ');
    expect(validateAgreementTemplate('Agreement', all)).toEqual([]);
  });

  it('asks for a title', () => {
    expect(validateAgreementTemplate('   ', body)).toEqual([AGREEMENT_TEMPLATE_MESSAGES.titleRequired]);
    expect(AGREEMENT_TEMPLATE_MESSAGES.titleRequired).toBe('Give the agreement a title.');
  });

  it('bounds the title at 200 characters, trimmed', () => {
    expect(validateAgreementTemplate(` ${'T'.repeat(AGREEMENT_TITLE_MAX)} `, body)).toEqual([]);
    expect(validateAgreementTemplate('T'.repeat(AGREEMENT_TITLE_MAX + 1), body)).toEqual([
      AGREEMENT_TEMPLATE_MESSAGES.titleTooLong,
    ]);
    expect(AGREEMENT_TEMPLATE_MESSAGES.titleTooLong).toBe('The title can be at most 200 characters.');
  });

  it('asks for a body, and stops there', () => {
    expect(validateAgreementTemplate('', ' \n ')).toEqual([
      AGREEMENT_TEMPLATE_MESSAGES.titleRequired,
      AGREEMENT_TEMPLATE_MESSAGES.bodyRequired,
    ]);
    expect(AGREEMENT_TEMPLATE_MESSAGES.bodyRequired).toBe('The agreement needs a text.');
  });

  it('bounds the body at 50,000 characters', () => {
    const atLimit = `{{artistName}}${'x'.repeat(AGREEMENT_BODY_MAX - '{{artistName}}'.length)}`;
    expect(atLimit).toHaveLength(AGREEMENT_BODY_MAX);
    expect(validateAgreementTemplate('A', atLimit)).toEqual([]);
    expect(validateAgreementTemplate('A', `${atLimit}x`)).toEqual([AGREEMENT_TEMPLATE_MESSAGES.bodyTooLong]);
    expect(AGREEMENT_TEMPLATE_MESSAGES.bodyTooLong).toBe('The agreement can be at most 50,000 characters.');
  });

  it('names each unknown placeholder once, in order of appearance', () => {
    expect(validateAgreementTemplate('A', '{{artistName}} {{fee}} {{ fee }} {{term}}')).toEqual([
      AGREEMENT_TEMPLATE_MESSAGES.unknownPlaceholder('fee'),
      AGREEMENT_TEMPLATE_MESSAGES.unknownPlaceholder('term'),
    ]);
    expect(AGREEMENT_TEMPLATE_MESSAGES.unknownPlaceholder('fee')).toBe(
      'Unknown placeholder {{fee}}. Use {{artistName}}, {{artistEmail}}, {{labelName}}, {{date}}.',
    );
  });

  it('requires the artist to be named', () => {
    expect(validateAgreementTemplate('A', 'Between {{labelName}} and you, on {{date}}.')).toEqual([
      AGREEMENT_TEMPLATE_MESSAGES.artistNameMissing,
    ]);
    expect(validateAgreementTemplate('A', 'Dear artistName')).toEqual([
      AGREEMENT_TEMPLATE_MESSAGES.artistNameMissing,
    ]);
    expect(AGREEMENT_TEMPLATE_MESSAGES.artistNameMissing).toBe(
      'The agreement must name the artist: put {{artistName}} in the text.',
    );
  });

  it('lists every problem together', () => {
    expect(validateAgreementTemplate('', `{{oops}}${'x'.repeat(AGREEMENT_BODY_MAX)}`)).toEqual([
      AGREEMENT_TEMPLATE_MESSAGES.titleRequired,
      AGREEMENT_TEMPLATE_MESSAGES.bodyTooLong,
      AGREEMENT_TEMPLATE_MESSAGES.unknownPlaceholder('oops'),
      AGREEMENT_TEMPLATE_MESSAGES.artistNameMissing,
    ]);
  });
});

describe('renderAgreement', () => {
  it('fills every placeholder, spaces inside the braces allowed, every occurrence', () => {
    expect(
      renderAgreement(
        '{{artistName}} / {{ artistEmail }} / {{labelName}} / {{date}} / {{artistName}}',
        values,
      ),
    ).toBe('Nova Lights / nova@example.com / Imprint Records / November 21, 2026 / Nova Lights');
  });

  it('leaves unknown placeholders and text that only looks like one', () => {
    expect(renderAgreement('{{fee}} {artistName} {{artist-name}}', values)).toBe(
      '{{fee}} {artistName} {{artist-name}}',
    );
  });

  it('inserts values literally, even with replacement patterns in them', () => {
    expect(renderAgreement('Hi {{artistName}}', { ...values, artistName: '$& $1 {{date}}' })).toBe(
      'Hi $& $1 {{date}}',
    );
  });
});

describe('splitAgreementBlocks', () => {
  it('reads headings and paragraphs separated by blank lines', () => {
    expect(splitAgreementBlocks('# Title\n\nFirst line\nsecond line\n\n\n#  Term \n\nLast.')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'First line second line' },
      { kind: 'heading', text: 'Term' },
      { kind: 'paragraph', text: 'Last.' },
    ]);
  });

  it('accepts Windows and old Mac line ends and blank lines with spaces', () => {
    expect(splitAgreementBlocks('One\r\ntwo\r\n  \r\nThree\rfour')).toEqual([
      { kind: 'paragraph', text: 'One two' },
      { kind: 'paragraph', text: 'Three four' },
    ]);
  });

  it('treats "#" without a space as text, and drops empty input', () => {
    expect(splitAgreementBlocks('#hashtag')).toEqual([{ kind: 'paragraph', text: '#hashtag' }]);
    expect(splitAgreementBlocks('  \n\n  ')).toEqual([]);
  });

  it('splits the demo agreement into its sections', () => {
    const blocks = splitAgreementBlocks(renderAgreement(DEMO_AGREEMENT_TEMPLATE.body, values));
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Artist Agreement',
      '1. Term',
      '2. Rights',
      '3. Royalties',
      '4. Warranties',
      '5. Governing law',
    ]);
  });
});
