import { describe, expect, it } from 'vitest';
import { classifyErrorReport } from './error-report-classification';

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
    ['render', 'other', 'LOW'],
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
