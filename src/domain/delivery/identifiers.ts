import { ISRC_INVALID, normaliseIsrc } from '../release/release-details';

/**
 * The label's identifier rules. Approving a release assigns what the artist did not give: an ISRC
 * per track under the label's registrant prefix (ISO 3901) and a 13-digit ICPN for the release
 * under its GS1 company prefix. The running numbers come from database sequences, so the builders
 * here take the next number and only shape it; identifiers the artist gave are kept, once checked.
 */

// ---------------------------------------------------------------------------------------------
// ISRC: CC-XXX-YY-NNNNN

/** The label's ISRC registrant prefix: the first five characters of every ISRC it assigns. */
export interface IsrcPrefix {
  /**
   * Two letters. Mostly ISO 3166 alpha-2 codes, but the ISRC agencies also hand out codes that
   * name no country (QM, QZ and QT from the US agency once US codes ran out; ZZ from the
   * International ISRC Agency), so any two letters are taken rather than a list that would age.
   */
  country: string;
  /** Three letters or digits, allocated by the national ISRC agency. */
  registrant: string;
}

export const ISRC_PREFIX_INVALID =
  'The ISRC prefix must be a country code and a registrant code, for example GB-A1B';

/** The highest designation code: five digits. */
export const ISRC_DESIGNATION_MAX = 99_999;

const ISRC_PREFIX = /^[A-Z]{2}[A-Z0-9]{3}$/;

/** Hyphens and spaces people write between a code's parts; never part of the code. */
const SEPARATORS = /[\s-]/g;

/** The label's ISRC prefix from `GB-XYZ`, `gbxyz` or `GB XYZ`; null if it is not one. */
export function parseIsrcPrefix(value: string): IsrcPrefix | null {
  const compact = value.replace(SEPARATORS, '').toUpperCase();
  if (!ISRC_PREFIX.test(compact)) return null;
  return { country: compact.slice(0, 2), registrant: compact.slice(2) };
}

/** The prefix in its written form, `GB-XYZ`. */
export function formatIsrcPrefix(prefix: IsrcPrefix): string {
  return `${prefix.country}-${prefix.registrant}`;
}

export function formatIsrcDesignationOutOfRange(prefix: IsrcPrefix, designation: number): string {
  return `ISRCs under the prefix ${formatIsrcPrefix(prefix)} are numbered from 1 to ${ISRC_DESIGNATION_MAX}, so ${designation} cannot be assigned`;
}

/**
 * A new ISRC in its written form, `GB-XYZ-26-00001`: the prefix, the last two digits of the year
 * of reference, and the designation code on five digits. Throws a RangeError for a year that is
 * not a whole non-negative number or a designation outside 1..99999: the sequence that hands out
 * designations starts at 1, so 0 means it was read wrongly, and past 99999 the five digits are
 * used up; either way assigning would give a duplicate or malformed code, which stores reject
 * only after delivery.
 */
export function formatIsrc(prefix: IsrcPrefix, year: number, designation: number): string {
  // The object may have been built by hand rather than by parseIsrcPrefix.
  const checked = parseIsrcPrefix(`${prefix.country}${prefix.registrant}`);
  if (checked === null) throw new RangeError(ISRC_PREFIX_INVALID);
  if (!Number.isInteger(year) || year < 0) {
    throw new RangeError(`An ISRC's year of reference must be a year such as 2026, not ${year}`);
  }
  if (!Number.isInteger(designation) || designation < 1 || designation > ISRC_DESIGNATION_MAX) {
    throw new RangeError(formatIsrcDesignationOutOfRange(checked, designation));
  }
  const yy = String(year % 100).padStart(2, '0');
  const nnnnn = String(designation).padStart(5, '0');
  return `${formatIsrcPrefix(checked)}-${yy}-${nnnnn}`;
}

function requireIsrc(isrc: string): string {
  const written = normaliseIsrc(isrc);
  if (written === null) throw new RangeError(`"${isrc}" is not an ISRC: ${ISRC_INVALID}`);
  return written;
}

/**
 * The two-digit year of reference of an ISRC in any form normaliseIsrc takes (`GB-XYZ-26-00001`
 * gives 26). Meant for ISRCs already checked or assigned, so one that is not an ISRC throws a
 * RangeError.
 */
export function getIsrcYear(isrc: string): number {
  return Number(requireIsrc(isrc).slice(7, 9));
}

/**
 * The ISRC as its twelve characters, `GBXYZ2600001`: the hyphens only help people read it, and
 * DDEX messages and stores take it without them. Throws a RangeError for what is not an ISRC.
 */
export function compactIsrc(isrc: string): string {
  return requireIsrc(isrc).replace(/-/g, '');
}

// ---------------------------------------------------------------------------------------------
// ICPN: a GTIN-13 (EAN-13, or a UPC-A with a leading 0)

export const UPC_PREFIX_INVALID = 'The UPC prefix must be the GS1 company prefix: 6 to 12 digits';
export const UPC_INVALID =
  'A UPC must be 12 digits (UPC-A) or 13 digits (EAN-13), for example 0 36000 29145 2';
export const UPC_DIGITS_ONLY = 'A UPC has only digits: 12 for a UPC-A or 13 for an EAN-13';

/** The digits of a GTIN-13 before its check digit: company prefix and item reference. */
const ICPN_BODY_LENGTH = 12;

const GS1_PREFIX = /^\d{6,12}$/;

/**
 * The GS1 company prefix from the label's setting, digits only (spaces and hyphens dropped); null
 * unless it has 6 to 12 digits. A US company's 6-digit UPC prefix is written here with the
 * leading 0 it has in a 13-digit code, as GS1 writes it (0 36000, not 36000).
 */
export function parseGs1Prefix(value: string): string | null {
  const digits = value.replace(SEPARATORS, '');
  return GS1_PREFIX.test(digits) ? digits : null;
}

function requireGs1Prefix(gs1Prefix: string): string {
  const digits = parseGs1Prefix(gs1Prefix);
  if (digits === null) throw new RangeError(`${UPC_PREFIX_INVALID}, not "${gs1Prefix}"`);
  return digits;
}

/**
 * The GS1 check digit of `digitsWithoutCheck` (any GS1 key: GTIN-8/12/13/14, SSCC): the digits
 * weighted 3 and 1 alternately from the right, and the check digit brings the sum up to a
 * multiple of 10. Throws a RangeError unless it is given 1 to 17 digits.
 */
export function computeGtinCheckDigit(digitsWithoutCheck: string): number {
  if (!/^\d{1,17}$/.test(digitsWithoutCheck)) {
    throw new RangeError(`A GS1 check digit is computed from 1 to 17 digits, not "${digitsWithoutCheck}"`);
  }
  let sum = 0;
  for (let fromRight = 0; fromRight < digitsWithoutCheck.length; fromRight++) {
    const digit = Number(digitsWithoutCheck[digitsWithoutCheck.length - 1 - fromRight]);
    sum += fromRight % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * How many item references the prefix leaves, 10^(12 − its length): 1,000,000 for a 6-digit
 * prefix, 1 for a 12-digit one (a prefix bought for a single product). Throws a RangeError for a
 * prefix parseGs1Prefix refuses.
 */
export function getIcpnCapacity(gs1Prefix: string): number {
  return 10 ** (ICPN_BODY_LENGTH - requireGs1Prefix(gs1Prefix).length);
}

export function formatUpcPrefixFull(gs1Prefix: string, capacity: number): string {
  const numbers = capacity === 1 ? 'number' : 'numbers';
  return `The UPC prefix ${gs1Prefix} has room for ${capacity.toLocaleString('en-GB')} ${numbers}; all are used`;
}

/**
 * A new 13-digit ICPN: the GS1 company prefix, the item reference zero-padded to fill 12 digits,
 * and the check digit. Item references run from 0 to capacity − 1 (0 is a valid GS1 item
 * reference, and the only one a 12-digit prefix has). Throws a RangeError when the item reference
 * does not fit, so that a full prefix stops approval instead of wrapping onto a code already sold.
 */
export function formatIcpn(gs1Prefix: string, itemReference: number): string {
  const prefix = requireGs1Prefix(gs1Prefix);
  if (!Number.isInteger(itemReference) || itemReference < 0) {
    throw new RangeError(`A UPC item reference is a whole number from 0, not ${itemReference}`);
  }
  const width = ICPN_BODY_LENGTH - prefix.length;
  const capacity = 10 ** width;
  if (itemReference >= capacity) throw new RangeError(formatUpcPrefixFull(prefix, capacity));
  // With no room left for an item reference, padStart would still write the 0.
  const body = prefix + (width === 0 ? '' : String(itemReference).padStart(width, '0'));
  return `${body}${computeGtinCheckDigit(body)}`;
}

/**
 * A UPC-A (12 digits) or EAN-13 as the 13-digit ICPN DDEX takes: a UPC-A gains a leading 0, which
 * leaves its check digit unchanged. Spaces and hyphens are dropped. Null for anything else or a
 * wrong check digit.
 */
export function normaliseIcpn(value: string): string | null {
  const digits = value.replace(SEPARATORS, '');
  if (!/^\d{12,13}$/.test(digits)) return null;
  const icpn = digits.padStart(13, '0');
  return computeGtinCheckDigit(icpn.slice(0, 12)) === Number(icpn[12]) ? icpn : null;
}

/** The digits grouped as printed under the barcode: 0 12345 67890 5 (UPC-A), 4 006381 333931 (EAN-13). */
function groupUpcDigits(digits: string): string {
  if (digits.length === 12) {
    return `${digits[0]} ${digits.slice(1, 6)} ${digits.slice(6, 11)} ${digits[11]}`;
  }
  return `${digits[0]} ${digits.slice(1, 7)} ${digits.slice(7)}`;
}

export function formatUpcWrongLength(digitCount: number): string {
  return `A UPC has 12 digits (UPC-A) or 13 (EAN-13); this one has ${digitCount} ${digitCount === 1 ? 'digit' : 'digits'}`;
}

/** `digits` is the code as given, 12 or 13 digits; `expected` the check digit it should end in. */
export function formatUpcWrongCheckDigit(digits: string, expected: number): string {
  return `The UPC's check digit is wrong: ${groupUpcDigits(digits)} should end in ${expected}`;
}

export type IdentifierCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * An ISRC the artist gave, kept in its written form when well-formed. Its year and designation
 * are the registrant's business, so only the form is checked. A blank one is refused too: the
 * caller decides whether blank means "assign one".
 */
export function checkArtistIsrc(value: string): IdentifierCheck {
  const isrc = normaliseIsrc(value);
  return isrc === null ? { ok: false, message: ISRC_INVALID } : { ok: true, value: isrc };
}

/**
 * A UPC or EAN the artist gave, as its 13-digit ICPN, or the one problem to fix: characters that
 * are not digits, the wrong number of digits, or a check digit that does not match (a mistyped
 * digit, most often).
 */
export function checkIcpn(value: string): IdentifierCheck {
  const digits = value.replace(SEPARATORS, '');
  if (digits === '') return { ok: false, message: UPC_INVALID };
  if (!/^\d+$/.test(digits)) return { ok: false, message: UPC_DIGITS_ONLY };
  if (digits.length !== 12 && digits.length !== 13) {
    return { ok: false, message: formatUpcWrongLength(digits.length) };
  }
  const icpn = normaliseIcpn(digits);
  if (icpn === null) {
    const expected = computeGtinCheckDigit(digits.slice(0, -1));
    return { ok: false, message: formatUpcWrongCheckDigit(digits, expected) };
  }
  return { ok: true, value: icpn };
}
