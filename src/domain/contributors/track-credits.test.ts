import { describe, expect, it } from 'vitest';
import { listTrackCredits } from './track-credits';

describe('listTrackCredits', () => {
  const contributors = [{ name: 'Ada Lane', roles: ['Producer', 'Mixing Engineer'] }];

  it('lists a track with contributors as they are', () => {
    expect(listTrackCredits({ soloWork: false, hasLyrics: true, contributors }, 'Nova Lights')).toEqual(
      contributors,
    );
  });

  it('credits the artist of a solo track as performer, composer, lyricist and producer', () => {
    expect(listTrackCredits({ soloWork: true, hasLyrics: true, contributors: [] }, 'Nova Lights')).toEqual([
      { name: 'Nova Lights', roles: ['Performer', 'Composer', 'Lyricist', 'Producer'] },
    ]);
  });

  it('leaves out the lyricist of a solo instrumental', () => {
    expect(listTrackCredits({ soloWork: true, hasLyrics: false, contributors: [] }, ' Nova Lights ')).toEqual(
      [{ name: 'Nova Lights', roles: ['Performer', 'Composer', 'Producer'] }],
    );
  });

  it('keeps anyone else listed on a solo track after the artist, once', () => {
    expect(
      listTrackCredits(
        {
          soloWork: true,
          hasLyrics: false,
          contributors: [...contributors, { name: 'Nova Lights', roles: ['Vocals'] }],
        },
        'Nova Lights',
      ),
    ).toEqual([{ name: 'Nova Lights', roles: ['Performer', 'Composer', 'Producer'] }, ...contributors]);
  });

  it('cannot credit an artist without a name', () => {
    expect(listTrackCredits({ soloWork: true, hasLyrics: true, contributors: [] }, '  ')).toEqual([]);
  });
});
