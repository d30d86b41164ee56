import { describe, expect, it } from 'vitest';
import { createDefaultSubmissionForm } from '../schemas/form-defaults';
import { submissionFormSchema } from '../schemas/submission-form';
import { getEarliestToday, listReferencedUploads, validateSubmission } from './submission-rules';

let n = 0;
const form = () => submissionFormSchema.parse(createDefaultSubmissionForm('2026-01-10', () => `id-${++n}`));

describe('validateSubmission', () => {
  it('reports the artist step first, then the music step', () => {
    const result = validateSubmission(form(), '2026-01-10');
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.stepMessage).toBe('Please fill in all required fields: Artist Name, Country, and City');
    const fields = result.errors.map((e) => e.field);
    expect(fields.indexOf('artistName')).toBeLessThan(fields.indexOf('releaseTitle'));
  });
});

describe('getEarliestToday', () => {
  it('is the calendar date at UTC-12', () => {
    expect(getEarliestToday(new Date('2026-03-01T11:59:00Z'))).toBe('2026-02-28');
    expect(getEarliestToday(new Date('2026-03-01T12:00:00Z'))).toBe('2026-03-01');
  });
});

describe('listReferencedUploads', () => {
  it('lists track audio and the artwork, skipping tracks without a file', () => {
    const value = form();
    const [first] = value.tracks;
    if (!first) throw new Error('a default track');
    const tracks = [
      { ...first, fileId: 'a1' },
      { ...first, id: 'x' },
    ];
    expect(listReferencedUploads({ tracks, artworkFileId: 'img' })).toEqual([
      { fileId: 'a1', fileType: 'track', field: 'tracks.0' },
      { fileId: 'img', fileType: 'artwork', field: 'artwork' },
    ]);
  });

  it('lists a track’s custom artwork as an image while its switch is on', () => {
    const [first] = form().tracks;
    if (!first) throw new Error('a default track');
    const tracks = [
      { ...first, fileId: 'a1', useCustomArtwork: true, customArtworkFileId: 'own' },
      // Switched off: a stale id is neither checked nor claimed.
      { ...first, id: 'y', fileId: 'a2', useCustomArtwork: false, customArtworkFileId: 'stale' },
    ];
    expect(listReferencedUploads({ tracks, artworkFileId: 'img' })).toEqual([
      { fileId: 'a1', fileType: 'track', field: 'tracks.0' },
      { fileId: 'own', fileType: 'artwork', field: 'tracks.0.customArtwork' },
      { fileId: 'a2', fileType: 'track', field: 'tracks.1' },
      { fileId: 'img', fileType: 'artwork', field: 'artwork' },
    ]);
  });
});
