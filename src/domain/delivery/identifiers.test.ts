import { describe, expect, it } from 'vitest';
import { ISRC_INVALID } from '../release/release-details';
import {
  checkArtistIsrc,
  checkIcpn,
  compactIsrc,
  computeGtinCheckDigit,
  formatIcpn,
  formatIsrc,
  formatIsrcDesignationOutOfRange,
  formatIsrcPrefix,
  formatUpcPrefixFull,
  formatUpcWrongCheckDigit,
  formatUpcWrongLength,
  getIcpnCapacity,
  getIsrcYear,
  ISRC_PREFIX_INVALID,
  normaliseIcpn,
  parseGs1Prefix,
  parseIsrcPrefix,
  UPC_DIGITS_ONLY,
  UPC_INVALID,
} from './identifiers';

const GB_XYZ = { country: 'GB', registrant: 'XYZ' };

describe('parseIsrcPrefix', () => {
  it.each([
    ['GB-XYZ', 'GB', 'XYZ'],
    ['gbxyz', 'GB', 'XYZ'],
    ['GB XYZ', 'GB', 'XYZ'],
    [' gb-a1b ', 'GB', 'A1B'],
    ['GB-123', 'GB', '123'],
    // Codes beyond ISO 3166: QM, QZ and QT from the US ISRC Agency (usisrc.org, "Constructing
    // with Code"); ZZ from the International ISRC Agency (IFPI ISRC Bulletin 2007/01).
    ['QM-K2D', 'QM', 'K2D'],
    ['QZ-ABC', 'QZ', 'ABC'],
    ['QT-9A9', 'QT', '9A9'],
    ['ZZ-AB1', 'ZZ', 'AB1'],
  ])('reads %j', (value, country, registrant) => {
    expect(parseIsrcPrefix(value)).toEqual({ country, registrant });
  });

  it.each([
    '',
    'G1-XYZ', // the country code is letters only
    '12-XYZ',
    'GB-XY', // the registrant code is three characters
    'GB-XYZW',
    'G-XYZ',
    'GB_XYZ',
    'GB-XY!',
    'GB-XYZ-26', // a prefix, not the start of an ISRC
  ])('refuses %j', (value) => {
    expect(parseIsrcPrefix(value)).toBeNull();
  });

  it('writes the prefix back with its hyphen', () => {
    expect(formatIsrcPrefix(GB_XYZ)).toBe('GB-XYZ');
  });
});

describe('formatIsrc', () => {
  it.each([
    [GB_XYZ, 2026, 1, 'GB-XYZ-26-00001'],
    [GB_XYZ, 2000, 1, 'GB-XYZ-00-00001'],
    [GB_XYZ, 2009, 42, 'GB-XYZ-09-00042'],
    [GB_XYZ, 1999, 99_999, 'GB-XYZ-99-99999'],
    // Wikipedia, "International Standard Recording Code": the examples of its Format section.
    [{ country: 'BR', registrant: 'BMG' }, 2003, 729, 'BR-BMG-03-00729'],
    [{ country: 'US', registrant: 'PR3' }, 1973, 12, 'US-PR3-73-00012'],
    // The MLC's help centre ("What is an ISRC?") and the US ISRC Agency's example.
    [{ country: 'US', registrant: 'S1Z' }, 1999, 1, 'US-S1Z-99-00001'],
  ])('%j, %i, %i gives %s', (prefix, year, designation, isrc) => {
    expect(formatIsrc(prefix, year, designation)).toBe(isrc);
  });

  it('takes a prefix object written in lower case', () => {
    expect(formatIsrc({ country: 'gb', registrant: 'a1b' }, 2025, 42)).toBe('GB-A1B-25-00042');
  });

  it.each([0, 100_000, -1, 1.5, Number.NaN])('refuses the designation %d', (designation) => {
    expect(() => formatIsrc(GB_XYZ, 2026, designation)).toThrow(RangeError);
  });

  it('says which prefix and range a refused designation is outside of', () => {
    expect(() => formatIsrc(GB_XYZ, 2026, 100_000)).toThrow(
      'ISRCs under the prefix GB-XYZ are numbered from 1 to 99999, so 100000 cannot be assigned',
    );
    expect(formatIsrcDesignationOutOfRange(GB_XYZ, 0)).toBe(
      'ISRCs under the prefix GB-XYZ are numbered from 1 to 99999, so 0 cannot be assigned',
    );
  });

  it.each([-1, 2026.5, Number.NaN])('refuses the year %d', (year) => {
    expect(() => formatIsrc(GB_XYZ, year, 1)).toThrow(RangeError);
  });

  it('refuses a prefix object that is not a prefix', () => {
    expect(() => formatIsrc({ country: 'G1', registrant: 'XYZ' }, 2026, 1)).toThrow(ISRC_PREFIX_INVALID);
    expect(() => formatIsrc({ country: 'GB', registrant: 'XY' }, 2026, 1)).toThrow(RangeError);
  });
});

describe('getIsrcYear and compactIsrc', () => {
  it.each([
    ['GB-XYZ-26-00001', 26, 'GBXYZ2600001'],
    ['GB-XYZ-00-00001', 0, 'GBXYZ0000001'],
    ['US-PR3-73-00012', 73, 'USPR37300012'],
    ['brbmg0300729', 3, 'BRBMG0300729'],
    [' us s1z 99 00001 ', 99, 'USS1Z9900001'],
  ])('%j is from year %i and compacts to %s', (isrc, year, compact) => {
    expect(getIsrcYear(isrc)).toBe(year);
    expect(compactIsrc(isrc)).toBe(compact);
  });

  it('throws for what is not an ISRC', () => {
    expect(() => getIsrcYear('GB-XYZ-2X-00001')).toThrow(RangeError);
    expect(() => compactIsrc('GB-XYZ-26-0001')).toThrow(ISRC_INVALID);
  });
});

describe('checkArtistIsrc', () => {
  it.each([
    ['US-S1Z-99-00001', 'US-S1Z-99-00001'],
    // Sample ISRCs common in public music software's tests and docs.
    [' us-rc1-76-07839 ', 'US-RC1-76-07839'],
    ['GBAYE6900531', 'GB-AYE-69-00531'],
    ['qz-abc-24-00010', 'QZ-ABC-24-00010'],
  ])('keeps %j as %s', (value, isrc) => {
    expect(checkArtistIsrc(value)).toEqual({ ok: true, value: isrc });
  });

  it.each(['', 'nope', 'GB-AYE-69-0053', 'GB-AYE-69-005310', '1B-AYE-69-00531', 'GB-AYE-6X-00531'])(
    'refuses %j with the form-wide message',
    (value) => {
      expect(checkArtistIsrc(value)).toEqual({ ok: false, message: ISRC_INVALID });
    },
  );
});

describe('parseGs1Prefix', () => {
  it.each([
    ['123456', '123456'],
    ['123456789012', '123456789012'],
    ['0 036000', '0036000'],
    ['400-6381', '4006381'],
    [' 5901234 ', '5901234'],
  ])('reads %j as %s', (value, prefix) => {
    expect(parseGs1Prefix(value)).toBe(prefix);
  });

  it.each(['', '12345', '1234567890123', '12345a', '123 45'])('refuses %j', (value) => {
    expect(parseGs1Prefix(value)).toBeNull();
  });
});

describe('computeGtinCheckDigit', () => {
  it.each([
    // GS1's worked examples: GS1 Hong Kong's check digit calculator page, GS1 Sweden's "Så
    // beräknas kontrollsiffran" and GS1 India's "How to calculate the Check Digit".
    ['629104150021', 3],
    ['730001100001', 7],
    ['890400021003', 7],
    // Wikipedia's worked examples: EAN-13 ("International Article Number"), UPC-A ("Universal
    // Product Code"), ISBN-13 ("ISBN"), and the sample barcodes of its EAN-13 and EAN-8 figures.
    ['400638133393', 1],
    ['03600029145', 2],
    ['978030640615', 7],
    ['590123412345', 7],
    ['9638507', 4], // an odd length: the weights start from the right, not the left
    // A UPC-A and its 13-digit form: the leading 0 weighs nothing.
    ['0036000291452'.slice(0, 12), 2],
    // A sum that is already a multiple of 10 gives 0, not 10.
    ['890400000000', 3],
    ['0', 0],
  ])('%s → %i', (digits, check) => {
    expect(computeGtinCheckDigit(digits)).toBe(check);
  });

  it.each(['', '12a4', '1 234', '123456789012345678'])('refuses %j', (digits) => {
    expect(() => computeGtinCheckDigit(digits)).toThrow(RangeError);
  });
});

describe('getIcpnCapacity', () => {
  it.each([
    ['123456', 1_000_000],
    ['4006381', 100_000],
    ['12345678901', 10],
    ['590123412345', 1],
  ])('%s leaves %i item references', (prefix, capacity) => {
    expect(getIcpnCapacity(prefix)).toBe(capacity);
  });

  it('throws for a prefix that is not one', () => {
    expect(() => getIcpnCapacity('12345')).toThrow(RangeError);
  });
});

describe('formatIcpn', () => {
  it.each([
    // The published codes above, rebuilt from a company prefix and an item reference.
    ['4006381', 33_393, '4006381333931'],
    ['0036000', 29_145, '0036000291452'],
    ['890400', 21_003, '8904000210037'],
    ['5901234', 12_345, '5901234123457'],
    // A 12-digit prefix has no item reference digits: its one code is item reference 0.
    ['590123412345', 0, '5901234123457'],
    ['978030640615', 0, '9780306406157'],
    // A 6-digit prefix: item references 0 to 999999, padded to six digits.
    ['890400', 0, '8904000000003'],
    ['890400', 999_999, '8904009999995'],
    ['501234', 1, '5012340000010'],
    // The setting as staff may type it.
    ['0 036000', 29_145, '0036000291452'],
  ])('%s with item reference %i gives %s', (prefix, itemReference, icpn) => {
    expect(formatIcpn(prefix, itemReference)).toBe(icpn);
    expect(normaliseIcpn(icpn)).toBe(icpn);
  });

  it('stops when the prefix is full, saying how many numbers it had', () => {
    expect(() => formatIcpn('590123412345', 1)).toThrow(
      'The UPC prefix 590123412345 has room for 1 number; all are used',
    );
    expect(() => formatIcpn('890400', 1_000_000)).toThrow(
      'The UPC prefix 890400 has room for 1,000,000 numbers; all are used',
    );
    expect(formatUpcPrefixFull('4006381', 100_000)).toBe(
      'The UPC prefix 4006381 has room for 100,000 numbers; all are used',
    );
  });

  it.each([-1, 1.5, Number.NaN])('refuses the item reference %d', (itemReference) => {
    expect(() => formatIcpn('890400', itemReference)).toThrow(RangeError);
  });

  it.each(['12345', '1234567890123', 'abcdef'])('refuses the prefix %j', (prefix) => {
    expect(() => formatIcpn(prefix, 1)).toThrow(RangeError);
  });
});

describe('normaliseIcpn', () => {
  it.each([
    ['4006381333931', '4006381333931'],
    ['036000291452', '0036000291452'], // a UPC-A gains its leading 0
    ['9780306406157', '9780306406157'],
    ['5901234123457', '5901234123457'],
    ['012345678905', '0012345678905'],
    ['0 36000 29145 2', '0036000291452'],
    ['978-0-306-40615-7', '9780306406157'],
    [' 4 006381 333931 ', '4006381333931'],
  ])('reads %j as %s', (value, icpn) => {
    expect(normaliseIcpn(value)).toBe(icpn);
  });

  it.each([
    '4006381333932', // wrong check digit
    '036000291453',
    '9780306406175', // the last two digits swapped
    '03600029145', // 11 digits
    '00036000291452', // 14 digits
    '96385074', // an EAN-8 is not a release code
    '03600029145X',
    '',
  ])('refuses %j', (value) => {
    expect(normaliseIcpn(value)).toBeNull();
  });
});

describe('checkIcpn', () => {
  it.each([
    ['0 36000 29145 2', '0036000291452'],
    ['4006-381-333-931', '4006381333931'],
    ['5901234123457', '5901234123457'],
  ])('keeps %j as %s', (value, icpn) => {
    expect(checkIcpn(value)).toEqual({ ok: true, value: icpn });
  });

  it.each([
    ['036000291453', "The UPC's check digit is wrong: 0 36000 29145 3 should end in 2"],
    ['012345678909', "The UPC's check digit is wrong: 0 12345 67890 9 should end in 5"],
    ['4006381333932', "The UPC's check digit is wrong: 4 006381 333932 should end in 1"],
    ['0 36000-29145 0', "The UPC's check digit is wrong: 0 36000 29145 0 should end in 2"],
    ['03600029145', 'A UPC has 12 digits (UPC-A) or 13 (EAN-13); this one has 11 digits'],
    ['00036000291452', 'A UPC has 12 digits (UPC-A) or 13 (EAN-13); this one has 14 digits'],
    ['7', 'A UPC has 12 digits (UPC-A) or 13 (EAN-13); this one has 1 digit'],
    ['03600029145X', UPC_DIGITS_ONLY],
    ['UPC 036000291452', UPC_DIGITS_ONLY],
    ['', UPC_INVALID],
    [' - ', UPC_INVALID],
  ])('refuses %j: %s', (value, message) => {
    expect(checkIcpn(value)).toEqual({ ok: false, message });
  });

  it('builds its messages from the exported formatters', () => {
    expect(formatUpcWrongLength(11)).toBe(checkIcpnMessage('03600029145'));
    expect(formatUpcWrongCheckDigit('036000291453', 2)).toBe(checkIcpnMessage('036000291453'));
  });
});

function checkIcpnMessage(value: string): string | undefined {
  const result = checkIcpn(value);
  return result.ok ? undefined : result.message;
}
