import { describe, expect, it } from 'vitest';
import {
  formatProcessingFailed,
  formatStorageUploadFailed,
  formatUploadUrlFailed,
  STORAGE_FULL,
} from '../../domain';
import { TransportError } from './transport';
import {
  httpFailure,
  isFinalRefusal,
  isUploadCancelled,
  parseFailure,
  serverMessage,
  shouldFallBack,
  transportFailure,
  UploadError,
  unexpectedFailure,
} from './upload-errors';

const json = (body: unknown) => JSON.stringify(body);

describe('the server’s words in an error answer', () => {
  it.each([
    [json({ success: false, error: 'Invalid audio file format' }), 'Invalid audio file format'],
    [json({ success: false, error: '', details: 'Bucket missing' }), 'Bucket missing'],
    [
      json({ statusCode: 404, error: 'Not Found', message: 'Route POST:/x not found' }),
      'Route POST:/x not found',
    ],
    ['Invalid audio file format', 'Invalid audio file format'],
    ['Direct upload is not available\n', 'Direct upload is not available'],
    ['<html><body>Bad Gateway</body></html>', undefined],
    ['', undefined],
    [json({ unexpected: true }), undefined],
  ])('%s gives %j', (text, expected) => {
    expect(serverMessage(text)).toBe(expected);
  });
});

describe('refusals that no other path would get past', () => {
  it.each([
    [400, 'Invalid audio file format', true],
    [400, 'Invalid image file format', true],
    [413, 'File size exceeds 200MB limit', true],
    [413, undefined, true],
    [429, 'Too many uploads from your network. Try again later.', true],
    [507, STORAGE_FULL, true],
    [400, 'The file has not been uploaded yet', false],
    [404, 'Upload not found', false],
    [503, 'Direct upload is not available', false],
    [500, 'Internal server error', false],
  ])('%i %j is final: %s', (status, message, expected) => {
    expect(isFinalRefusal(status, message)).toBe(expected);
  });
});

describe('upload errors in the spec’s words (001 §8)', () => {
  it('a refusal carries the server’s message and does not fall back', () => {
    const error = httpFailure(
      400,
      json({ success: false, error: 'Invalid audio file format' }),
      'direct',
      formatProcessingFailed,
    );
    expect(error).toMatchObject({ kind: 'refused', message: 'Invalid audio file format', status: 400 });
    expect(shouldFallBack(error)).toBe(false);
  });

  it('full storage is said in words on every path, with no fallback', () => {
    const minio =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>XMinioStorageFull</Code><Message>Storage backend has reached its minimum free drive threshold.</Message></Error>';
    for (const error of [
      httpFailure(507, json({ success: false, error: STORAGE_FULL }), 'standard'),
      httpFailure(507, STORAGE_FULL, 'resumable', formatStorageUploadFailed),
      httpFailure(507, minio, 'direct', formatStorageUploadFailed),
    ]) {
      expect(error).toMatchObject({ kind: 'refused', message: STORAGE_FULL, status: 507 });
      expect(shouldFallBack(error)).toBe(false);
    }
  });

  it('a failed direct step says which step and falls back', () => {
    const body = json({ success: false, error: 'Direct upload is not available' });
    expect(httpFailure(503, body, 'direct', formatUploadUrlFailed).message).toBe(
      'Failed to get upload URL: 503',
    );
    expect(httpFailure(403, '', 'direct', formatStorageUploadFailed).message).toBe(
      'Cloud Storage upload failed: 403',
    );
    const processing = httpFailure(500, body, 'direct', formatProcessingFailed);
    expect(processing.message).toBe('Processing failed: 500');
    expect(shouldFallBack(processing)).toBe(true);
  });

  it('the standard upload shows the server’s error, else HTTP {status}', () => {
    expect(httpFailure(400, json({ success: false, error: 'No file uploaded' }), 'standard').message).toBe(
      'No file uploaded',
    );
    expect(httpFailure(502, '<html>Bad Gateway</html>', 'standard').message).toBe('HTTP 502');
  });

  it('no answer reads as a network, connection or time-out failure', () => {
    expect(transportFailure(new TransportError('network'), 'standard').message).toBe('Network error');
    expect(transportFailure(new TransportError('connect'), 'standard').message).toBe(
      'Failed to connect to server',
    );
    expect(transportFailure(new TransportError('timeout'), 'standard').message).toBe('Upload timeout');
    expect(transportFailure(new TransportError('timeout'), 'direct').message).toBe('Upload took too long');
    const aborted = transportFailure(new TransportError('aborted'), 'resumable');
    expect(isUploadCancelled(aborted)).toBe(true);
    expect(shouldFallBack(aborted)).toBe(false);
    expect(shouldFallBack(transportFailure(new TransportError('network'), 'direct'))).toBe(true);
  });

  it('an unreadable answer and an unexpected exception', () => {
    expect(parseFailure(200, 'standard').message).toBe('Failed to parse server response');
    const unexpected = unexpectedFailure(new TypeError('Invalid URL'), 'resumable');
    expect(unexpected).toBeInstanceOf(UploadError);
    expect(unexpected).toMatchObject({ kind: 'failed', message: 'Upload failed: Invalid URL' });
    expect(shouldFallBack(unexpected)).toBe(true);
    const known = new UploadError('timeout', 'Upload timeout', { method: 'standard' });
    expect(unexpectedFailure(known, 'standard')).toBe(known);
  });
});
