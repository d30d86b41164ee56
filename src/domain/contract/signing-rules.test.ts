import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES } from '../errors/error-messages';
import {
  CONSENT_LABEL,
  checkSignatureDeadline,
  checkSignatureInput,
  DRAWN_SIGNATURE_MAX_CHARS,
  describeContractCreateError,
  ELECTRONIC_SIGNATURE_DISCLOSURES,
  getEffectiveSignatureStatus,
  getSignatureRequestExpiry,
  getSigningDisclosures,
  IDENTICAL_REQUEST_MESSAGE,
  SIGNATURE_DEADLINE_MAX_DAYS,
  SIGNATURE_EVENT_LABELS,
  SIGNATURE_EVENT_TYPES,
  SIGNATURE_REQUEST_LIFETIME_DAYS,
  SIGNATURE_STATUSES,
  SIGNING_LINK_LIFETIME_MINUTES,
  SIGNING_MESSAGES,
  TYPED_NAME_MAX,
} from './signing-rules';

const now = new Date('2026-11-21T12:00:00.000Z');

describe('signature statuses and lifetimes', () => {
  it('has the four statuses of the spec and the issue’s lifetimes', () => {
    expect(SIGNATURE_STATUSES).toEqual(['awaiting_signature', 'signed', 'declined', 'expired']);
    expect(SIGNATURE_REQUEST_LIFETIME_DAYS).toBe(30);
    expect(SIGNING_LINK_LIFETIME_MINUTES).toBe(60);
    expect(SIGNATURE_DEADLINE_MAX_DAYS).toBe(90);
  });

  it('labels every event type', () => {
    for (const type of SIGNATURE_EVENT_TYPES) expect(SIGNATURE_EVENT_LABELS[type]).toMatch(/\S/);
    expect(Object.keys(SIGNATURE_EVENT_LABELS).sort()).toEqual([...SIGNATURE_EVENT_TYPES].sort());
  });

  it('makes a request expire 30 days after its creation', () => {
    expect(getSignatureRequestExpiry(now).toISOString()).toBe('2026-12-21T12:00:00.000Z');
  });
});

describe('getEffectiveSignatureStatus', () => {
  const at = (iso: string) => new Date(iso);

  it('keeps an open request open before its deadline', () => {
    expect(
      getEffectiveSignatureStatus(
        { status: 'awaiting_signature', expiresAt: at('2026-11-21T12:00:00.001Z') },
        now,
      ),
    ).toBe('awaiting_signature');
  });

  it('expires an open request at its deadline and after', () => {
    for (const expiresAt of ['2026-11-21T12:00:00.000Z', '2026-01-01T00:00:00.000Z'])
      expect(
        getEffectiveSignatureStatus({ status: 'awaiting_signature', expiresAt: at(expiresAt) }, now),
      ).toBe('expired');
  });

  it('leaves a closed request as it is, whatever its deadline', () => {
    const past = at('2020-01-01T00:00:00.000Z');
    for (const status of ['signed', 'declined', 'expired'] as const)
      expect(getEffectiveSignatureStatus({ status, expiresAt: past }, now)).toBe(status);
  });
});

describe('getSigningDisclosures', () => {
  it('fills the contact address into every disclosure, keeping their order', () => {
    const disclosures = getSigningDisclosures('help@label.example');
    expect(disclosures.map((d) => d.title)).toEqual(ELECTRONIC_SIGNATURE_DISCLOSURES.map((d) => d.title));
    expect(disclosures.map((d) => d.title)).toEqual([
      'Signing electronically',
      'Your right to a paper copy',
      'Withdrawing your consent',
      'Getting a copy',
      'What you need',
    ]);
    for (const disclosure of disclosures) expect(disclosure.text).not.toContain('{contact}');
    expect(disclosures[1]?.text).toBe(
      'You may ask for a paper copy of this agreement at any time, free of charge, by writing to help@label.example.',
    );
    expect(disclosures[2]?.text).toContain('"Decline to sign" or by writing to help@label.example.');
    expect(disclosures[4]?.text).toContain('Tell us at help@label.example if');
    expect(disclosures[0]?.text).toBe(ELECTRONIC_SIGNATURE_DISCLOSURES[0].text);
  });

  it('has the consent label the signing page shows', () => {
    expect(CONSENT_LABEL).toBe(
      'I have read the information above and agree to use electronic records and signatures for this agreement.',
    );
  });
});

describe('checkSignatureInput', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';

  it('accepts a typed name of 2 to 100 characters, trimmed', () => {
    expect(checkSignatureInput({ method: 'typed', typedName: 'Jo' })).toBeNull();
    expect(
      checkSignatureInput({ method: 'typed', typedName: `  ${'N'.repeat(TYPED_NAME_MAX)}  ` }),
    ).toBeNull();
  });

  it('refuses a missing or too short typed name', () => {
    for (const typedName of [undefined, '', '   ', ' J '])
      expect(checkSignatureInput({ method: 'typed', typedName })).toBe(SIGNING_MESSAGES.typedNameRequired);
    expect(SIGNING_MESSAGES.typedNameRequired).toBe('Type your full name to sign.');
  });

  it('refuses a typed name over 100 characters', () => {
    expect(checkSignatureInput({ method: 'typed', typedName: 'N'.repeat(TYPED_NAME_MAX + 1) })).toBe(
      SIGNING_MESSAGES.typedNameTooLong,
    );
    expect(SIGNING_MESSAGES.typedNameTooLong).toBe('Your typed name can be at most 100 characters.');
  });

  it('ignores a drawing when typing and a typed name when drawing', () => {
    expect(checkSignatureInput({ method: 'typed', typedName: 'Jo', drawnSignature: 'junk' })).toBeNull();
    expect(checkSignatureInput({ method: 'drawn', typedName: '', drawnSignature: png })).toBeNull();
  });

  it('refuses a missing drawing', () => {
    for (const drawnSignature of [undefined, ''])
      expect(checkSignatureInput({ method: 'drawn', drawnSignature })).toBe(SIGNING_MESSAGES.drawingRequired);
    expect(SIGNING_MESSAGES.drawingRequired).toBe('Draw your signature in the box to sign.');
  });

  it('refuses a drawing that is not a PNG data URL, or too large', () => {
    const invalid = [
      'data:image/jpeg;base64,/9j/4AAQ',
      'data:image/png;base64,not base64!',
      'iVBORw0KGgo=',
      `data:image/png;base64,${'A'.repeat(DRAWN_SIGNATURE_MAX_CHARS)}`,
    ];
    for (const drawnSignature of invalid)
      expect(checkSignatureInput({ method: 'drawn', drawnSignature })).toBe(SIGNING_MESSAGES.drawingInvalid);
    expect(SIGNING_MESSAGES.drawingInvalid).toBe(
      'The drawn signature could not be read. Clear the box and draw it again.',
    );
  });
});

describe('checkSignatureDeadline', () => {
  const today = '2026-11-21';

  it('accepts any past day and days up to 90 days from today', () => {
    for (const lastDay of ['2020-01-01', '2026-11-20', today, '2027-02-19'])
      expect(checkSignatureDeadline(lastDay, today)).toBeNull();
  });

  it('refuses a day beyond 90 days from today', () => {
    expect(checkSignatureDeadline('2027-02-20', today)).toBe(SIGNING_MESSAGES.deadlineTooLate);
    expect(SIGNING_MESSAGES.deadlineTooLate).toBe(
      'A signature request can stay open at most 90 days from today.',
    );
  });

  it('refuses what is not a calendar day', () => {
    for (const lastDay of ['', '21/11/2026', '2026-02-30', '2026-11-21T00:00:00Z'])
      expect(checkSignatureDeadline(lastDay, today)).toBe(SIGNING_MESSAGES.deadlineInvalid);
    expect(SIGNING_MESSAGES.deadlineInvalid).toBe('Enter the last day the request can be signed.');
  });
});

describe('describeContractCreateError', () => {
  it('names the identical-request race whatever the status', () => {
    expect(describeContractCreateError(409, IDENTICAL_REQUEST_MESSAGE)).toBe(
      CONTRACT_MESSAGES.identicalInProgress,
    );
    expect(describeContractCreateError(500, 'An IDENTICAL REQUEST is pending')).toBe(
      CONTRACT_MESSAGES.identicalInProgress,
    );
    expect(CONTRACT_MESSAGES.identicalInProgress).toBe(
      'A signature request is already being created. Please wait a moment and try again.',
    );
  });

  it('answers the conflict text for any other 409', () => {
    expect(describeContractCreateError(409, CONTRACT_MESSAGES.conflict)).toBe(CONTRACT_MESSAGES.conflict);
    expect(describeContractCreateError(409, '')).toBe(
      'This request is already in progress. Please refresh the page if you need to start over.',
    );
  });

  it('answers the generic text otherwise', () => {
    for (const status of [0, 400, 403, 404, 500, 502])
      expect(describeContractCreateError(status, 'boom')).toBe(
        'Could not create signature request. Please try again.',
      );
  });
});

describe('the signing texts', () => {
  it('are the issue’s words', () => {
    expect(SIGNING_MESSAGES).toMatchObject({
      linkInvalid:
        'This signing link is invalid or has expired. Go back to your dashboard and open the agreement again.',
      notYours: 'This agreement is for another account. Sign in as the artist it was sent to.',
      alreadySigned: 'This agreement has already been signed.',
      requestNotFound: 'Signature request not found',
      verifyTooLarge: 'The file is larger than any sealed agreement (20 MB).',
    });
    expect(IDENTICAL_REQUEST_MESSAGE).toBe('An identical request is already being processed.');
  });
});
