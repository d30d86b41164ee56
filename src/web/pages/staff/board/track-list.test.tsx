import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type BoardTrack,
  LOUDNESS_ADVICE_CLIPPING,
  LOUDNESS_ADVICE_LEADING_SILENCE,
  LOUDNESS_ADVICE_TRUE_PEAK,
  LOUDNESS_ADVICE_VERY_LOUD,
  LOUDNESS_NO_ADVICE,
  listLoudnessAdvice,
  type TrackLoudnessView,
} from '../../../../domain';
import { detail } from './board-test-helpers';
import { TrackList } from './track-list';

/**
 * The server's level check on the staff submission page: each track's figures and
 * the advice the artist's form gives, in the same words; "Measuring…" until the job has run; the
 * reason when the file could not be measured.
 */

const base = detail();
const [firstTrack, secondTrack] = base.tracks as [BoardTrack, BoardTrack];

function measured(
  overrides: Partial<Extract<TrackLoudnessView, { status: 'measured' }>['measurement']> = {},
) {
  return {
    status: 'measured' as const,
    measurement: {
      integratedLufs: -14.2,
      truePeakDbtp: -1.4,
      samplePeakDbfs: -1.6,
      clippedSamples: 0,
      leadingSilenceSeconds: 0.02,
      trailingSilenceSeconds: 1.5,
      durationSeconds: 192.4,
      ...overrides,
    },
    sampleRate: 44_100,
    bitDepth: 24,
    channels: 2,
    complete: true,
    sha256: 'ab'.repeat(32),
    measuredAt: '2026-11-26T06:30:00.000Z',
  };
}

function renderTracks(...loudness: (TrackLoudnessView | null)[]) {
  const tracks = [
    firstTrack,
    secondTrack,
    { ...secondTrack, trackId: 'third', position: 2, title: 'Last Stop' },
  ]
    .slice(0, loudness.length)
    .map((track, index) => ({ ...track, customArtwork: null, loudness: loudness[index] ?? null }));
  return render(<TrackList item={{ ...base, tracks }} />);
}

describe('TrackList: levels', () => {
  it('shows a measured track’s figures and that its levels look good', () => {
    renderTracks(measured());
    const note = screen.getByRole('note', { name: 'Level check of Night Bus' });
    expect(note.textContent).toContain(
      'Loudness −14.2 LUFS · true peak −1.4 dBTP · no clipping · silence 0.0 s at the start · 1.5 s at the end',
    );
    expect(note.textContent).toContain(LOUDNESS_NO_ADVICE);
    expect(note.textContent).toContain('Measured on the stored file, Nov 26, 2026, 6:30 AM UTC.');
    expect(screen.getByRole('heading', { name: 'Levels' })).toBeTruthy();
  });

  it('gives the artist’s advice in the same words, most important first', () => {
    const loudness = measured({
      integratedLufs: -6.3,
      truePeakDbtp: 0.4,
      clippedSamples: 5400,
      leadingSilenceSeconds: 3.2,
    });
    renderTracks(loudness);
    const note = screen.getByRole('note', { name: 'Level check of Night Bus' });
    expect(note.textContent).toContain('Loudness −6.3 LUFS · true peak +0.4 dBTP · 5,400 clipped samples');
    const items = within(note).getAllByRole('listitem');
    const advice = listLoudnessAdvice(loudness.measurement);
    expect(items.map((item) => item.textContent)).toEqual(advice.map((a) => `${a.finding}${a.advice}`));
    expect(advice.map((a) => a.advice)).toEqual([
      LOUDNESS_ADVICE_CLIPPING,
      LOUDNESS_ADVICE_TRUE_PEAK,
      LOUDNESS_ADVICE_VERY_LOUD,
      LOUDNESS_ADVICE_LEADING_SILENCE,
    ]);
    // Staff are not told the artist may send it as it is: that line is the artist's.
    expect(note.textContent).not.toContain('you can send the file as it is');
  });

  it('says "Measuring…" until the job has run, and why a file could not be measured', () => {
    renderTracks(
      { status: 'measuring' },
      {
        status: 'failed',
        reason: 'Only WAV files are measured, and this file is MP3',
        measuredAt: '2026-11-26T06:30:00.000Z',
      },
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Measuring…/);
    expect(
      screen.getByText('Levels not measured: Only WAV files are measured, and this file is MP3.'),
    ).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows no levels for a track without audio', () => {
    renderTracks({ status: 'measuring' }, null);
    expect(screen.getAllByRole('heading', { name: 'Levels' })).toHaveLength(1);
  });
});

describe('TrackList: clips on the waveform', () => {
  it('draws the stored waveform with each clip shaded where it sits, hidden from screen readers', () => {
    const waveform = { peaks: Array.from({ length: 1000 }, (_, i) => (i * 7) % 100), durationSeconds: 120 };
    const { container } = render(
      <TrackList item={{ ...base, tracks: [{ ...firstTrack, customArtwork: null, waveform }] }} />,
    );
    const svg = screen.getByTestId('clips-waveform');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    // The clip 0:30–1:00 of a 120 s track: a quarter to a half of the 600-wide drawing.
    const [span, ...bars] = Array.from(svg.querySelectorAll('rect'));
    expect([span?.getAttribute('x'), span?.getAttribute('width')]).toEqual(['150', '150']);
    expect(bars).toHaveLength(200);
    expect(container.textContent).toContain('Clip 1: 0:30–1:00');
  });

  it('shows no drawing until the server has measured the file', () => {
    render(
      <TrackList item={{ ...base, tracks: [{ ...firstTrack, customArtwork: null, waveform: null }] }} />,
    );
    expect(screen.queryByTestId('clips-waveform')).toBeNull();
  });
});
