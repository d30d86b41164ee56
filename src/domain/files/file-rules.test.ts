import { describe, expect, it } from 'vitest';
import { BYTES_PER_MB } from './file-like';
import {
  checkArtwork,
  checkReleaseAudio,
  checkUploadAudio,
  checkUploadImage,
  matchesAcceptedType,
  shouldUploadDirect,
} from './file-rules';
import { ARTWORK_PREVIEW_FAILED } from './messages';

const MB = BYTES_PER_MB;
const file = (name: string, type: string, size = MB) => ({ name, type, size });

describe('release audio (WAV only, 200 MB)', () => {
  it.each([
    ['song.wav', 'audio/wav', 'Chrome'],
    ['SONG.WAV', '', 'Firefox'],
    ['song', 'audio/wave', 'Chrome'],
    ['song', 'audio/x-wav', 'Chrome'],
    ['song', 'audio/vnd.wave', 'Chrome'],
    ['song.wav', 'application/octet-stream', 'Safari'],
    ['song', 'application/octet-stream', 'Safari'],
    ['song', '', 'Safari'],
  ])('accepts %s (%j) in %s', (name, type, browser) => {
    expect(checkReleaseAudio(file(name, type), browser)).toBeNull();
  });

  it.each([
    [
      'song',
      'application/octet-stream',
      'Chrome',
      'Invalid file type. Expected: WAV file. Got: application/octet-stream (Browser: Chrome)',
    ],
    [
      'song.mp3',
      'audio/mpeg',
      'Firefox',
      'Invalid file type. Expected: WAV file. Got: audio/mpeg (Browser: Firefox)',
    ],
    [
      'song.mp3',
      'audio/mpeg',
      'Safari',
      'Invalid file type. Expected: WAV file. Got: audio/mpeg (Browser: Safari)',
    ],
    ['song', '', 'Chrome', 'Invalid file type. Expected: WAV file. Got: unknown (Browser: Chrome)'],
  ])('refuses %s (%j) in %s', (name, type, browser, message) => {
    expect(checkReleaseAudio(file(name, type), browser)).toBe(message);
  });

  it.each([
    [200 * MB, null],
    [200 * MB + 1, 'File size exceeds 200MB limit'],
  ])('a WAV of %i bytes gives %j', (size, expected) => {
    expect(checkReleaseAudio(file('a.wav', 'audio/wav', size), 'Chrome')).toBe(expected);
  });
});

describe('artwork (JPEG only, 20 MB)', () => {
  it.each([
    ['cover.jpg', 'image/jpeg', MB, null],
    ['cover.jpg', 'image/jpg', MB, null],
    ['cover.jpg', 'IMAGE/JPEG', MB, null],
    ['cover.png', 'image/png', MB, 'Please select a valid JPEG or JPG file'],
    ['cover.jpg', '', MB, 'Please select a valid JPEG or JPG file'],
    ['cover.jpg', 'image/jpeg', 20 * MB, null],
    ['cover.jpg', 'image/jpeg', 20 * MB + 1, 'File size exceeds 20MB limit'],
  ])('%s (%j, %i bytes) gives %j', (name, type, size, expected) => {
    expect(checkArtwork(file(name, type, size))).toBe(expected);
  });

  it('has the preview-failure text', () => {
    expect(ARTWORK_PREVIEW_FAILED).toBe(
      'Unable to preview image. File is valid and will be uploaded, but preview failed.',
    );
  });
});

describe('upload service checks', () => {
  it.each([
    ['a.flac', '', null],
    ['a', 'audio/ogg', null],
    ['a.M4A', '', null],
    ['a.txt', 'text/plain', 'Invalid audio file format'],
  ])('audio %s (%j) gives %j', (name, type, expected) => {
    expect(checkUploadAudio(file(name, type))).toBe(expected);
  });

  it('limits audio to 200 MB', () => {
    expect(checkUploadAudio(file('a.mp3', 'audio/mpeg', 200 * MB + 1))).toBe('File size exceeds 200MB limit');
  });

  it.each([
    ['a.webp', '', MB, null],
    ['a', 'image/tiff', MB, null],
    ['a.pdf', 'application/pdf', MB, 'Invalid image file format'],
    ['a.png', 'image/png', 20 * MB, null],
    ['a.png', 'image/png', 20 * MB + 1, 'Image size exceeds 20MB limit'],
  ])('image %s (%j, %i bytes) gives %j', (name, type, size, expected) => {
    expect(checkUploadImage(file(name, type, size))).toBe(expected);
  });

  it.each([
    [15 * MB, false],
    [15 * MB + 1, true],
  ])('a file of %i bytes goes direct to storage: %s', (size, expected) => {
    expect(shouldUploadDirect(size)).toBe(expected);
  });
});

describe('generic type matcher', () => {
  it.each([
    ['a.mp3', 'audio/mpeg', 'audio/*', true],
    ['a.mp3', 'audio/mpeg', 'image/*', false],
    ['A.WAV', '', '.wav', true],
    ['a.wav.txt', 'text/plain', '.wav', false],
    ['a', 'audio/wav', 'audio/wav', true],
    ['a', 'audio/wave', 'audio/wav', false],
    ['a.png', 'image/png', '.jpg, image/png', true],
    ['a.gif', 'image/gif', '.jpg, image/png', false],
    ['wav', '', '.wav', false],
  ])('%s (%j) against %j: %s', (name, type, accept, expected) => {
    expect(matchesAcceptedType({ name, type }, accept)).toBe(expected);
  });

  it('takes a list as well as a string', () => {
    expect(matchesAcceptedType({ name: 'x.jpeg', type: '' }, ['.jpg', '.jpeg'])).toBe(true);
  });
});
