import { describe, expect, it } from 'vitest';
import {
  chooseReleaseStrategy,
  chooseTogetherStrategy,
  isTrackOnSchedule,
  numberSinglesInReleaseOrder,
  setEarlyReleaseRequest,
  setReleaseDate,
  setSingleReleaseDate,
  toggleTrackAsSingle,
} from './release-strategy';
import { makeTrack, TODAY } from './test-fixtures';

const three = [makeTrack(1), makeTrack(2), makeTrack(3)];

describe('release strategy', () => {
  it('ticking a single switches to singles-first with a default date and order', () => {
    const update = toggleTrackAsSingle(three, 't2', true, TODAY);
    expect(update.releaseStrategy).toBe('singles_first');
    expect(update.tracks[1]).toMatchObject({
      releaseAsSingle: true,
      singleReleaseDate: '2026-04-21',
      singleOrder: 1,
    });
    expect(update).toMatchObject({
      singlesCount: 1,
      firstSingleDate: '2026-04-21',
      lastSingleDate: '2026-04-21',
    });
  });

  it('with 3 or more tracks groups the non-singles with the final single and its date', () => {
    let update = toggleTrackAsSingle(three, 't1', true, TODAY);
    update = toggleTrackAsSingle(update.tracks, 't2', true, TODAY);
    expect(update.tracks[2]).toMatchObject({ groupedWithFinalSingle: true, releaseDate: '2026-06-02' });
    expect(update).toMatchObject({
      singlesCount: 2,
      firstSingleDate: '2026-04-21',
      lastSingleDate: '2026-06-02',
    });
    expect(update.tracks[1]?.singleOrder).toBe(2);
  });

  it('moves the grouped tracks when the final single moves', () => {
    const ticked = toggleTrackAsSingle(three, 't1', true, TODAY);
    const moved = setSingleReleaseDate(ticked.tracks, 't1', '2026-05-05');
    expect(moved.tracks[2]).toMatchObject({ groupedWithFinalSingle: true, releaseDate: '2026-05-05' });
    expect(moved.lastSingleDate).toBe('2026-05-05');
  });

  it('does not group with fewer than 3 tracks', () => {
    const update = toggleTrackAsSingle([makeTrack(1), makeTrack(2)], 't1', true, TODAY);
    expect(update.tracks[1]?.groupedWithFinalSingle).toBeFalsy();
    expect(update.tracks[1]?.releaseDate).toBeUndefined();
  });

  it('unticking clears the date and order; unticking the last single reverts to together', () => {
    const ticked = toggleTrackAsSingle(three, 't1', true, TODAY);
    const unticked = toggleTrackAsSingle(ticked.tracks, 't1', false, TODAY);
    expect(unticked.releaseStrategy).toBe('together');
    expect(unticked.tracks[0]).toMatchObject({
      releaseAsSingle: false,
      singleReleaseDate: undefined,
      singleOrder: undefined,
    });
    expect(unticked.tracks[2]).toMatchObject({ groupedWithFinalSingle: false, releaseDate: undefined });
  });

  it('"together" clears all single settings', () => {
    const ticked = toggleTrackAsSingle(three, 't1', true, TODAY);
    const together = chooseTogetherStrategy(ticked.tracks);
    expect(together).toMatchObject({
      releaseStrategy: 'together',
      singlesCount: 0,
      firstSingleDate: '',
      lastSingleDate: '',
    });
    for (const track of together.tracks) {
      expect(track).toMatchObject({ releaseAsSingle: false, groupedWithFinalSingle: false });
      expect(track.singleReleaseDate).toBeUndefined();
    }
  });

  it('choosing singles-first with nothing ticked stays together', () => {
    expect(chooseReleaseStrategy(three, 'singles_first').releaseStrategy).toBe('together');
  });

  it('keeps extra track fields such as the picked file', () => {
    const file = { name: 'a.wav', type: 'audio/wav', size: 1 };
    const update = toggleTrackAsSingle([makeTrack(1, { file })], 't1', true, TODAY);
    expect(update.tracks[0]?.file).toBe(file);
  });
});

describe('early release toggle', () => {
  const form = { earlyReleaseRequest: false, earlyReleaseReason: '', releaseDate: '2026-03-20' };

  it('on keeps the chosen date', () => {
    expect(setEarlyReleaseRequest(form, true, TODAY)).toEqual({ ...form, earlyReleaseRequest: true });
  });

  it('off resets the date to the default and clears the reason', () => {
    const on = { earlyReleaseRequest: true, earlyReleaseReason: 'Tour starts', releaseDate: '2026-03-20' };
    expect(setEarlyReleaseRequest(on, false, TODAY)).toEqual({
      earlyReleaseRequest: false,
      earlyReleaseReason: '',
      releaseDate: '2026-04-21',
    });
  });
});

describe('setting the release date', () => {
  it('with singles-first also sets the first track’s release date', () => {
    const result = setReleaseDate(three, 'singles_first', '2026-06-01');
    expect(result.tracks[0]?.releaseDate).toBe('2026-06-01');
    expect(result.tracks[1]?.releaseDate).toBeUndefined();
  });

  it('with together leaves the tracks alone', () => {
    expect(setReleaseDate(three, 'together', '2026-06-01').tracks).toEqual(three);
  });
});

describe('tracks on the schedule', () => {
  it('lists a slot once it has a title or audio', () => {
    expect(isTrackOnSchedule(makeTrack(1))).toBe(true);
    expect(isTrackOnSchedule(makeTrack(1, { url: undefined }))).toBe(true);
    expect(isTrackOnSchedule(makeTrack(1, { title: '' }))).toBe(true);
    expect(
      isTrackOnSchedule(
        makeTrack(1, { title: '', url: undefined, file: { name: 'a.wav', type: 'audio/wav', size: 1 } }),
      ),
    ).toBe(true);
  });

  it('leaves out empty slots, blank titles included', () => {
    expect(isTrackOnSchedule(makeTrack(1, { title: '  ', url: undefined }))).toBe(false);
    expect(isTrackOnSchedule(makeTrack(1, { title: '', url: '', file: null }))).toBe(false);
  });
});

describe('numbering singles in release order', () => {
  it('numbers the singles by date, whatever order they were ticked in', () => {
    const tracks = [
      makeTrack(1, { releaseAsSingle: true, singleReleaseDate: '2026-06-02', singleOrder: 1 }),
      makeTrack(2),
      makeTrack(3, { releaseAsSingle: true, singleReleaseDate: '2026-04-21', singleOrder: 2 }),
    ];
    expect([...numberSinglesInReleaseOrder(tracks)]).toEqual([
      ['t3', 1],
      ['t1', 2],
    ]);
  });

  it('has no gaps after a single is unticked', () => {
    let update = toggleTrackAsSingle(three, 't1', true, TODAY);
    update = toggleTrackAsSingle(update.tracks, 't2', true, TODAY);
    update = toggleTrackAsSingle(update.tracks, 't1', false, TODAY);
    expect(update.tracks[1]?.singleOrder).toBe(2);
    expect(numberSinglesInReleaseOrder(update.tracks).get('t2')).toBe(1);
  });

  it('breaks ties on the same date by ticking order and puts undated singles last', () => {
    const tracks = [
      makeTrack(1, { releaseAsSingle: true, singleOrder: 1 }),
      makeTrack(2, { releaseAsSingle: true, singleReleaseDate: '2026-05-01', singleOrder: 3 }),
      makeTrack(3, { releaseAsSingle: true, singleReleaseDate: '2026-05-01', singleOrder: 2 }),
    ];
    const numbers = numberSinglesInReleaseOrder(tracks);
    expect(numbers.get('t3')).toBe(1);
    expect(numbers.get('t2')).toBe(2);
    expect(numbers.get('t1')).toBe(3);
  });

  it('ignores tracks that are not singles', () => {
    expect(numberSinglesInReleaseOrder(three).size).toBe(0);
  });
});
