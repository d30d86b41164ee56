import { describe, expect, it } from 'vitest';
import { validateSocialClips } from './track-details';

describe('validateSocialClips', () => {
  const field = 'tracks.0.metadata.socialClips';

  it('accepts mm:ss times with a positive length', () => {
    expect(
      validateSocialClips(
        [
          { startTime: '00:00', endTime: '00:30' },
          { startTime: '1:15', endTime: '120:00' },
        ],
        field,
      ),
    ).toEqual([]);
  });

  it('names the clip and the time that is not mm:ss', () => {
    expect(
      validateSocialClips(
        [
          { startTime: '00:00', endTime: '00:30' },
          { startTime: '0:61', endTime: '' },
        ],
        field,
      ),
    ).toEqual([
      {
        field: `${field}.1.startTime`,
        message: 'Clip 2 start time must be minutes and seconds, e.g. 01:30',
      },
      { field: `${field}.1.endTime`, message: 'Clip 2 end time must be minutes and seconds, e.g. 01:30' },
    ]);
  });

  it.each([
    ['00:30', '00:30'],
    ['01:00', '00:45'],
  ])('refuses a clip from %s to %s', (startTime, endTime) => {
    expect(validateSocialClips([{ startTime, endTime }], field)).toEqual([
      { field: `${field}.0.endTime`, message: 'Clip 1 must end after it starts' },
    ]);
  });
});
