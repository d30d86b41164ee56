import { describe, expect, it } from 'vitest';
import { eraseArtistBodySchema } from '../schemas/data-requests';
import {
  confirmsErasureOf,
  DATA_REQUEST_MESSAGES,
  describeErasedFiles,
  ERASED_TEXT,
  erasedEmailFor,
  isErasedAddress,
} from './data-requests';
import { createScrubber } from './personal-text';

describe('the erased address', () => {
  it('is unique per artist, under a domain that cannot exist, and recognised as erased', () => {
    const id = '0f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0';
    expect(erasedEmailFor(id)).toBe(`erased-${id}@erased.invalid`);
    expect(isErasedAddress(erasedEmailFor(id))).toBe(true);
    expect(isErasedAddress(' ERASED-x@erased.invalid ')).toBe(true);
    expect(isErasedAddress('erased@example.com')).toBe(false);
  });
});

describe('confirming an erasure', () => {
  it('takes the address typed in any case, with spaces around', () => {
    expect(confirmsErasureOf('  Maya@Example.com ', 'maya@example.com')).toBe(true);
    expect(confirmsErasureOf('maya@example.co', 'maya@example.com')).toBe(false);
  });

  it('refuses a reason outside 3 to 500 characters and a missing address in words', () => {
    const words = (body: unknown) => eraseArtistBodySchema.safeParse(body).error?.issues[0]?.message;
    expect(words({ reason: '  ab ', confirm: 'a@b.c' })).toBe(DATA_REQUEST_MESSAGES.reasonLength);
    expect(words({ reason: 'x'.repeat(501), confirm: 'a@b.c' })).toBe(DATA_REQUEST_MESSAGES.reasonLength);
    expect(words({ confirm: 'a@b.c' })).toBe(DATA_REQUEST_MESSAGES.reasonLength);
    expect(words({ reason: 'Asked by mail', confirm: ' ' })).toBe(DATA_REQUEST_MESSAGES.confirmRequired);
    expect(eraseArtistBodySchema.parse({ reason: ' Asked by mail ', confirm: 'a@b.c' }).reason).toBe(
      'Asked by mail',
    );
  });
});

describe('the words of an erasure', () => {
  it('says how the files stand', () => {
    expect(describeErasedFiles({ total: 0, deleted: 0, pending: 0 })).toBe(
      'The artist had no files in storage.',
    );
    expect(describeErasedFiles({ total: 1, deleted: 1, pending: 0 })).toBe(
      '1 of 1 file was deleted from storage.',
    );
    expect(describeErasedFiles({ total: 5, deleted: 3, pending: 2 })).toBe(
      '3 of 5 files were deleted from storage. 2 could not be deleted yet and will be tried again in the background; the erasure itself is complete.',
    );
  });
});

describe('scrubbing kept text', () => {
  const scrub = createScrubber({
    emails: ['maya@example.com', 'board-1a2b/x@example.com'],
    names: ['Maya Rivers', 'Maya', 'Rivers', 'Al', '+44 7700 900123', 'Jean-Luc (DJ) [x]'],
    erasedEmail: 'erased-1@erased.invalid',
  });

  it('replaces addresses anywhere and whole names in any case, the longest first', () => {
    expect(scrub.text('Hi MAYA RIVERS, write to Maya@Example.com')).toBe(
      `Hi ${ERASED_TEXT}, write to erased-1@erased.invalid`,
    );
    expect(scrub.text('Call +44 7700 900123 or ask maya.')).toBe(
      `Call ${ERASED_TEXT} or ask ${ERASED_TEXT}.`,
    );
    // Characters that are regular-expression syntax are taken as they are.
    expect(scrub.text('jean-luc (dj) [x] at board-1a2b/x@example.com')).toBe(
      `${ERASED_TEXT} at erased-1@erased.invalid`,
    );
  });

  it('leaves names inside other words, and names too short to tell apart', () => {
    expect(scrub.text('Mayan riverside, Al')).toBe('Mayan riverside, Al');
  });

  it('scrubs the strings of a JSON value and leaves its keys', () => {
    expect(scrub.value({ Maya: ['Maya Rivers', 3, { to: 'maya@example.com' }], n: null })).toEqual({
      Maya: [ERASED_TEXT, 3, { to: 'erased-1@erased.invalid' }],
      n: null,
    });
    expect(scrub.mentions('nothing here')).toBe(false);
    expect(scrub.mentions('from rivers')).toBe(true);
  });
});
