import { describe, expect, it } from 'vitest';
import {
  BOARD_EXPORT_COLUMNS,
  type BoardExportSubmission,
  type BoardExportTrack,
  formatBoardExportFileName,
  formatCsvField,
  formatCsvLine,
  formatExportDuration,
  listBoardExportRows,
} from './board-export';

function track(overrides: Partial<BoardExportTrack> = {}): BoardExportTrack {
  return {
    position: 0,
    title: 'Glow',
    isrc: 'gb-abc-24-00017',
    soloWork: false,
    hasLyrics: true,
    productionYear: '2024',
    parentalAdvisory: 'no',
    contributors: [],
    audioFileName: 'glow master.wav',
    durationSeconds: 205.4,
    ...overrides,
  };
}

function submission(overrides: Partial<BoardExportSubmission> = {}): BoardExportSubmission {
  return {
    submissionId: '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10',
    icpn: '0602577000017',
    releaseTitle: 'First Light',
    artistName: ' Maya Rivers ',
    releaseType: 'ep',
    labelName: 'Imprint Records',
    primaryGenre: 'Pop',
    subGenre: 'Dance Pop',
    releaseDate: '2027-03-05',
    status: 'approved',
    deliveryState: 'delivered',
    tracks: [track()],
    ...overrides,
  };
}

describe('formatCsvField', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(formatCsvField('plain')).toBe('plain');
    expect(formatCsvField('Rivers, Maya')).toBe('"Rivers, Maya"');
    expect(formatCsvField('The "Best" Of')).toBe('"The ""Best"" Of"');
    expect(formatCsvField('two\nlines')).toBe('"two\nlines"');
    expect(formatCsvField('Ça va – déjà vu')).toBe('Ça va – déjà vu');
    expect(formatCsvField(null)).toBe('');
    expect(formatCsvField(7)).toBe('7');
  });

  it('turns what a spreadsheet would run as a formula into text', () => {
    expect(formatCsvField('=HYPERLINK("http://x.example","click")')).toBe(
      `"'=HYPERLINK(""http://x.example"",""click"")"`,
    );
    expect(formatCsvField('+1')).toBe("'+1");
    expect(formatCsvField('-2+3')).toBe("'-2+3");
    expect(formatCsvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(formatCsvField('\t=1')).toBe("'\t=1");
    expect(formatCsvField('\r=1')).toBe(`"'\r=1"`);
    // Only at the start: a hyphen inside a title is a hyphen.
    expect(formatCsvField('Re-Mix = Art')).toBe('Re-Mix = Art');
  });

  it('ends each line with CRLF', () => {
    expect(formatCsvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});

describe('listBoardExportRows', () => {
  it('writes one row per track, in the columns of the sheet', () => {
    const rows = listBoardExportRows(
      submission({
        tracks: [
          track({
            position: 1,
            title: 'Fade',
            isrc: 'GBABC2400018',
            parentalAdvisory: 'yes',
            durationSeconds: 59.6,
            contributors: [
              {
                firstName: 'Nova',
                surname: 'Lane',
                roles: ['Vocals', 'Songwriter'],
                isFeatured: true,
                isPrimaryArtist: false,
              },
              {
                firstName: 'Sam',
                surname: 'Keys',
                roles: ['Producer', 'Mixing Engineer'],
                isFeatured: false,
                isPrimaryArtist: false,
              },
              {
                firstName: 'Ola',
                surname: 'Bass',
                roles: ['Bass'],
                isFeatured: false,
                isPrimaryArtist: false,
              },
            ],
          }),
          track({ position: 0, audioFileName: null, durationSeconds: null, parentalAdvisory: 'cleaned' }),
        ],
      }),
    );
    expect(rows.map((row) => row.length)).toEqual([BOARD_EXPORT_COLUMNS.length, BOARD_EXPORT_COLUMNS.length]);
    const release = [
      '0602577000017',
      'First Light',
      'Maya Rivers',
      'EP',
      'Imprint Records',
      'Pop',
      'Dance Pop',
      '2027-03-05',
      'Approved',
      'Delivered',
    ];
    expect(rows[0]).toEqual([
      ...release,
      '1',
      'Glow',
      'GBABC2400017',
      'Maya Rivers',
      'Clean',
      '2024',
      '',
      '',
      '',
      '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10',
    ]);
    expect(rows[1]).toEqual([
      ...release,
      '2',
      'Fade',
      'GBABC2400018',
      'Maya Rivers feat. Nova Lane',
      'Yes',
      '2024',
      'Nova Lane (Songwriter); Sam Keys (Producer)',
      '1:00',
      'glow master.wav',
      '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10',
    ]);
  });

  it('credits the artist of a solo track, and keeps an ISRC that is not one as stored', () => {
    const [row] = listBoardExportRows(
      submission({ tracks: [track({ soloWork: true, hasLyrics: false, isrc: 'not-an-isrc' })] }),
    );
    expect(row?.[12]).toBe('not-an-isrc');
    expect(row?.[16]).toBe('Maya Rivers (Composer, Producer)');
  });

  it('writes one row with the track fields empty for a submission without tracks', () => {
    const rows = listBoardExportRows(
      submission({ tracks: [], icpn: null, deliveryState: null, releaseDate: null, status: 'pending' }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 10)).toEqual([
      '',
      'First Light',
      'Maya Rivers',
      'EP',
      'Imprint Records',
      'Pop',
      'Dance Pop',
      '',
      'Pending',
      '',
    ]);
    expect(rows[0]?.slice(10, 19)).toEqual(Array(9).fill(''));
    expect(rows[0]?.[19]).toBe('3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10');
  });
});

describe('the small formats', () => {
  it('writes durations as m:ss and names the file after the day', () => {
    expect(formatExportDuration(0)).toBe('0:00');
    expect(formatExportDuration(605)).toBe('10:05');
    expect(formatExportDuration(3725.2)).toBe('62:05');
    expect(formatExportDuration(null)).toBe('');
    expect(formatBoardExportFileName('2026-03-05')).toBe('imprint-board-2026-03-05.csv');
  });
});
