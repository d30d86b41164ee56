import { describe, expect, it } from 'vitest';
import { createDefaultTrackMetadata } from '../schemas/form-defaults';
import {
  checkReleaseDetails,
  checkReleaseDetailsForReview,
  ISRC_INVALID,
  normaliseIsrc,
} from './release-details';

describe('normaliseIsrc', () => {
  it('accepts the written and the compact form, any case, and writes it hyphenated', () => {
    expect(normaliseIsrc('GB-A1B-25-00042')).toBe('GB-A1B-25-00042');
    expect(normaliseIsrc('gba1b2500042')).toBe('GB-A1B-25-00042');
    expect(normaliseIsrc(' US-S1Z 99 00001 ')).toBe('US-S1Z-99-00001');
  });
  it('refuses what is not an ISRC', () => {
    for (const value of ['', 'GB-A1B-25-0004', '1B-A1B-25-00042', 'GB-A1B-2X-00042', 'GB-A1B-25-000421'])
      expect(normaliseIsrc(value)).toBeNull();
  });
});

describe('checkReleaseDetails', () => {
  const metadata = createDefaultTrackMetadata();
  it('blocks a malformed ISRC and lets a blank one through', () => {
    const result = checkReleaseDetails([
      { title: 'One', isrc: 'nope', metadata },
      { title: 'Two', isrc: '', metadata },
    ]);
    expect(result.errors).toEqual([{ field: 'tracks.0.isrc', message: ISRC_INVALID }]);
  });
  it('warns when splits do not total 100%', () => {
    const splits = {
      ...metadata,
      hasMasterSplit: true,
      masterSplits: [
        { id: 'a', percentage: 60 },
        { id: 'b', percentage: 30.55 },
      ],
    };
    const result = checkReleaseDetails([{ title: 'One', metadata: splits }]);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        field: 'tracks.0.metadata.masterSplits',
        message: 'The master splits of "One" add up to 90.6%, not 100%',
      },
    ]);
    const exact = {
      ...splits,
      masterSplits: [
        { id: 'a', percentage: 66.6 },
        { id: 'b', percentage: 33.4 },
      ],
    };
    expect(checkReleaseDetails([{ title: 'One', metadata: exact }]).warnings).toEqual([]);
  });
});

describe('checkReleaseDetailsForReview', () => {
  const base = createDefaultTrackMetadata();
  it('applies the submission form’s per-track rules, track by track, and keeps split totals as warnings', () => {
    const result = checkReleaseDetailsForReview(
      [
        { title: 'One', isrc: 'bad', metadata: { ...base, soloWork: false, productionYear: '' } },
        {
          title: 'Two',
          metadata: {
            ...base,
            soloWork: true,
            productionYear: '2025',
            hasMasterSplit: true,
            masterSplits: [{ id: 's', firstName: 'A', lastName: 'B', email: 'a@b.example', percentage: 50 }],
          },
        },
      ],
      '2026-05-01',
    );
    expect(result.errors.map((e) => e.message)).toEqual([
      ISRC_INVALID,
      'Track 1 "One" needs contributors and roles',
      'Track 1 "One" needs a production year',
    ]);
    expect(result.warnings.map((w) => w.field)).toEqual(['tracks.1.metadata.masterSplits']);
  });

  it('names an incomplete contributor', () => {
    const producer = {
      id: 'p',
      firstName: '',
      surname: 'Park',
      roles: [],
      isFeatured: false,
      isPrimaryArtist: false,
    };
    const result = checkReleaseDetailsForReview(
      [
        {
          title: 'One',
          metadata: { ...base, soloWork: false, producers: [producer], productionYear: '2025' },
        },
      ],
      '2026-05-01',
    );
    expect(result.errors.every((e) => e.message.startsWith('Track 1 "One": '))).toBe(true);
    expect(result.errors.length).toBeGreaterThan(0);
  });
});
