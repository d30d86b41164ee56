import { describe, expect, it } from 'vitest';
import {
  classifyErrorReport,
  classifyJobFailure,
  classifyProviderOutage,
  classifyServerError,
} from './error-report-classification';

describe('error report classification', () => {
  it.each([
    ['submission', 'submission', 'CRITICAL'],
    ['submit', 'submission', 'CRITICAL'],
    ['board-entry', 'submission', 'CRITICAL'],
    ['upload', 'upload', 'HIGH'],
    ['trackUpload', 'upload', 'HIGH'],
    ['artwork_upload', 'upload', 'HIGH'],
    ['network', 'network', 'HIGH'],
    ['Connection lost', 'network', 'HIGH'],
    ['validation', 'validation', 'MEDIUM'],
    ['form-validate', 'validation', 'MEDIUM'],
    ['playback', 'playback', 'LOW'],
    ['audioPreview', 'playback', 'LOW'],
    ['render', 'render', 'HIGH'],
    ['error-boundary', 'render', 'HIGH'],
    ['uncaught', 'runtime', 'MEDIUM'],
    ['unhandled-rejection', 'runtime', 'MEDIUM'],
    ['layout', 'other', 'LOW'],
    ['', 'other', 'LOW'],
  ])('stage %j is %s, %s', (stage, category, severity) => {
    expect(classifyErrorReport(stage)).toEqual({ category, severity });
  });

  it('treats a report without a stage as other, LOW', () => {
    expect(classifyErrorReport(undefined)).toEqual({ category: 'other', severity: 'LOW' });
  });

  it('puts a submission that failed while uploading under submission: the release did not arrive', () => {
    expect(classifyErrorReport('submission-upload')).toEqual({
      category: 'submission',
      severity: 'CRITICAL',
    });
    expect(classifyErrorReport('uploadSubmission')).toEqual({ category: 'submission', severity: 'CRITICAL' });
  });

  it('matches whole words, not parts of them', () => {
    // 'uploaded' and 'display' contain 'upload' and 'play' but name neither stage.
    expect(classifyErrorReport('displayed')).toEqual({ category: 'other', severity: 'LOW' });
    expect(classifyErrorReport('reuploaded')).toEqual({ category: 'other', severity: 'LOW' });
  });
});

describe('server, job and provider error events', () => {
  it("classifies the server's own 5xx answers as server, HIGH", () => {
    expect(classifyServerError()).toEqual({ category: 'server', severity: 'HIGH' });
  });

  it.each([
    ['mail.send', 'CRITICAL'],
    ['contracts.seal', 'CRITICAL'],
    ['media.social-clips', 'HIGH'],
    ['uploads.image-variants', 'HIGH'],
    ['board.sync-submission', 'MEDIUM'],
    ['maintenance.clean-up', 'LOW'],
    ['monitoring.check-providers', 'LOW'],
    ['unknown', 'LOW'],
  ])('a failed %s job is job, %s', (name, severity) => {
    expect(classifyJobFailure(name)).toEqual({ category: 'job', severity });
  });

  it.each([
    ['database', 'CRITICAL'],
    ['storage', 'CRITICAL'],
    ['mail', 'HIGH'],
    ['board', 'MEDIUM'],
    ['signing', 'MEDIUM'],
    ['catalogue', 'MEDIUM'],
  ] as const)('an outage of %s is provider, %s', (provider, severity) => {
    expect(classifyProviderOutage(provider)).toEqual({ category: 'provider', severity });
  });
});
