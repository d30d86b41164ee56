import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, createDefaultTrackMetadata, formatLongDate, type TrackDraft } from '../../../../../domain';
import { fieldDomId } from '../../../../forms/field-errors';
import { getToday, type SubmitFormValues } from '../../../../forms/form-values';
import { renderInForm } from '../../../../test/render-form';
import { ReleaseScheduleSection } from './release-schedule-section';

// Rendering MUI in jsdom and driving it with user-event is slow on a busy machine; the default
// 5 s limit would fail these tests on timing rather than behaviour.
const UI_TEST_TIMEOUT_MS = 20_000;

const today = getToday();
const in6Weeks = addDays(today, 42);
const in12Weeks = addDays(today, 84);

function track(n: number, overrides: Partial<TrackDraft> = {}): TrackDraft {
  return { id: `t${n}`, title: `Song ${n}`, url: 'x', metadata: createDefaultTrackMetadata(), ...overrides };
}

const threeTracks = [track(1), track(2), track(3)];

function renderSchedule(
  values: Partial<SubmitFormValues> = {},
  errors: { field: string; message: string }[] = [],
) {
  return renderInForm(<ReleaseScheduleSection />, {
    today,
    values: { tracks: threeTracks, releaseType: 'ep', ...values },
    errors,
  });
}

function trackGroup(name: string) {
  return screen.getByRole('group', { name });
}

function singleCheckbox(name: string) {
  return within(trackGroup(name)).getByRole('checkbox', { name: 'Release as single' });
}

async function chooseSinglesFirst(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Release singles first' }));
}

describe('ReleaseScheduleSection: one release date', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows only the release date for a single track, with the default date six weeks ahead', () => {
    renderSchedule({ tracks: [track(1)], releaseType: 'single' });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Release strategy' })).toBeNull();
    const date = screen.getByLabelText(/^Release date/, { selector: 'input' }) as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.value).toBe(in6Weeks);
    expect(date.min).toBe(in6Weeks);
    expect(date.id).toBe(fieldDomId('releaseDate'));
    const hint = document.getElementById(date.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
    expect(hint).toContain(formatLongDate(in6Weeks));
    expect(hint).toContain('at least 6 weeks');
  });

  it('writes the chosen release date and describes it in US long format', () => {
    const { getForm } = renderSchedule({ tracks: [track(1)], releaseType: 'single' });
    const date = screen.getByLabelText(/^Release date/, { selector: 'input' });
    fireEvent.change(date, { target: { value: '2031-01-05' } });
    expect(getForm().getValues('releaseDate')).toBe('2031-01-05');
    expect(screen.getByText(/January 5, 2031/)).toBeTruthy();
    fireEvent.change(date, { target: { value: '' } });
    expect(getForm().getValues('releaseDate')).toBe('');
  });

  it('does not count empty track slots towards the strategy choice', () => {
    renderSchedule({
      tracks: [track(1), track(2, { title: '', url: undefined }), track(3, { title: ' ', url: '' })],
    });
    expect(screen.queryByRole('radio', { name: 'Release singles first' })).toBeNull();
  });
});

describe('ReleaseScheduleSection: strategy', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('offers the two strategies from two tracks up, together chosen', () => {
    renderSchedule({ tracks: [track(1), track(2)] });
    const group = screen.getByRole('radiogroup');
    expect(group.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Release strategy');
    const together = screen.getByRole('radio', { name: 'Release all tracks together' }) as HTMLInputElement;
    const singles = screen.getByRole('radio', { name: 'Release singles first' }) as HTMLInputElement;
    expect(together.checked).toBe(true);
    expect(singles.checked).toBe(false);
    expect(document.getElementById(singles.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /singles/,
    );
    expect(screen.queryByRole('checkbox', { name: 'Release as single' })).toBeNull();
  });

  it('choosing singles first shows the tracks to tick while the form stays together', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule();
    await chooseSinglesFirst(user);
    expect((screen.getByRole('radio', { name: 'Release singles first' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(getForm().getValues('releaseStrategy')).toBe('together');
    for (const name of ['Song 1', 'Song 2', 'Song 3']) expect(singleCheckbox(name)).toBeTruthy();
    expect(screen.getByText(/No single ticked yet/)).toBeTruthy();
    // Until a single is ticked the release date still decides.
    expect(screen.getByLabelText(/^Release date/, { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Full release date/, { selector: 'input' })).toBeNull();
  });

  it('ticking a track makes it a single six weeks out and switches the form to singles first', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule();
    await chooseSinglesFirst(user);
    await user.click(singleCheckbox('Song 2'));

    const values = getForm().getValues();
    expect(values.releaseStrategy).toBe('singles_first');
    expect(values.tracks[1]).toMatchObject({
      releaseAsSingle: true,
      singleReleaseDate: in6Weeks,
      singleOrder: 1,
    });
    expect(values).toMatchObject({ singlesCount: 1, firstSingleDate: in6Weeks, lastSingleDate: in6Weeks });

    const single = trackGroup('Song 2');
    expect(within(single).getByText('Single 1')).toBeTruthy();
    const date = within(single).getByLabelText(/^Single release date/, {
      selector: 'input',
    }) as HTMLInputElement;
    expect(date.value).toBe(in6Weeks);
    expect(date.id).toBe(fieldDomId('tracks.1.singleReleaseDate'));
    expect(date.min).toBe(in6Weeks);

    expect(screen.queryByLabelText(/^Release date/, { selector: 'input' })).toBeNull();
    expect(screen.getByLabelText(/^Full release date/, { selector: 'input' })).toBeTruthy();
    expect(screen.queryByText(/No single ticked yet/)).toBeNull();
  });

  it('groups the other tracks with the final single when the release has 3 or more tracks', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule();
    await chooseSinglesFirst(user);
    await user.click(singleCheckbox('Song 1'));

    const tracks = getForm().getValues('tracks');
    expect(tracks[1]).toMatchObject({ groupedWithFinalSingle: true, releaseDate: in6Weeks });
    expect(tracks[2]).toMatchObject({ groupedWithFinalSingle: true, releaseDate: in6Weeks });
    const grouped = `Released with the final single on ${formatLongDate(in6Weeks)}`;
    expect(within(trackGroup('Song 2')).getByText(grouped)).toBeTruthy();
    expect(within(trackGroup('Song 3')).getByText(grouped)).toBeTruthy();
  });

  it('dates a second single six weeks after the first and regroups with it', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule();
    await chooseSinglesFirst(user);
    await user.click(singleCheckbox('Song 1'));
    await user.click(singleCheckbox('Song 3'));

    const values = getForm().getValues();
    expect(values.tracks[2]).toMatchObject({
      releaseAsSingle: true,
      singleReleaseDate: in12Weeks,
      singleOrder: 2,
    });
    expect(values).toMatchObject({ singlesCount: 2, firstSingleDate: in6Weeks, lastSingleDate: in12Weeks });
    expect(values.tracks[1]).toMatchObject({ groupedWithFinalSingle: true, releaseDate: in12Weeks });
    expect(within(trackGroup('Song 3')).getByText('Single 2')).toBeTruthy();
    expect(
      within(trackGroup('Song 2')).getByText(
        `Released with the final single on ${formatLongDate(in12Weeks)}`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Your plan: 2 singles from/)).toBeTruthy();
  });

  it('numbers singles by release date when a date moves', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule();
    await chooseSinglesFirst(user);
    await user.click(singleCheckbox('Song 1'));
    await user.click(singleCheckbox('Song 3'));
    const later = addDays(today, 120);
    fireEvent.change(
      within(trackGroup('Song 1')).getByLabelText(/^Single release date/, { selector: 'input' }),
      {
        target: { value: later },
      },
    );

    const values = getForm().getValues();
    expect(values.tracks[0]?.singleReleaseDate).toBe(later);
    expect(values).toMatchObject({ firstSingleDate: in12Weeks, lastSingleDate: later });
    expect(values.tracks[1]).toMatchObject({ groupedWithFinalSingle: true, releaseDate: later });
    expect(within(trackGroup('Song 3')).getByText('Single 1')).toBeTruthy();
    expect(within(trackGroup('Song 1')).getByText('Single 2')).toBeTruthy();
  });

  it('unticking the only single reverts to together and clears its date', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule();
    await chooseSinglesFirst(user);
    await user.click(singleCheckbox('Song 2'));
    await user.click(singleCheckbox('Song 2'));

    const values = getForm().getValues();
    expect(values.releaseStrategy).toBe('together');
    expect(values.tracks[1]).toMatchObject({
      releaseAsSingle: false,
      singleReleaseDate: undefined,
      singleOrder: undefined,
    });
    expect(values.tracks[0]).toMatchObject({ groupedWithFinalSingle: false, releaseDate: undefined });
    expect(values).toMatchObject({ singlesCount: 0, firstSingleDate: '', lastSingleDate: '' });
    // The artist is still planning singles: the list stays so another track can be ticked.
    expect((singleCheckbox('Song 2') as HTMLInputElement).checked).toBe(false);
    expect(
      within(trackGroup('Song 2')).queryByLabelText(/^Single release date/, { selector: 'input' }),
    ).toBeNull();
    expect(screen.getByText(/No single ticked yet/)).toBeTruthy();
  });

  it('choosing together clears every single setting and hides the list', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule();
    await chooseSinglesFirst(user);
    await user.click(singleCheckbox('Song 1'));
    await user.click(singleCheckbox('Song 2'));
    fireEvent.change(screen.getByLabelText(/^Full release date/, { selector: 'input' }), {
      target: { value: addDays(today, 150) },
    });
    await user.click(screen.getByRole('radio', { name: 'Release all tracks together' }));

    const values = getForm().getValues();
    expect(values).toMatchObject({
      releaseStrategy: 'together',
      singlesCount: 0,
      firstSingleDate: '',
      lastSingleDate: '',
    });
    for (const t of values.tracks) {
      expect(t).toMatchObject({ releaseAsSingle: false, groupedWithFinalSingle: false });
      expect(t.singleReleaseDate).toBeUndefined();
      expect(t.singleOrder).toBeUndefined();
    }
    expect(screen.queryByRole('checkbox', { name: 'Release as single' })).toBeNull();
    expect(screen.getByLabelText(/^Release date/, { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Full release date/, { selector: 'input' })).toBeNull();
  });

  it('does not group with two tracks: the other track comes out on the full release date', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule({ tracks: [track(1), track(2)] });
    await chooseSinglesFirst(user);
    await user.click(singleCheckbox('Song 1'));
    expect(getForm().getValues('tracks')[1]?.groupedWithFinalSingle).toBeFalsy();
    expect(within(trackGroup('Song 2')).getByText('Released on the full release date')).toBeTruthy();
    const full = addDays(today, 100);
    fireEvent.change(screen.getByLabelText(/^Full release date/, { selector: 'input' }), {
      target: { value: full },
    });
    expect(
      within(trackGroup('Song 2')).getByText(`Released on the full release date, ${formatLongDate(full)}`),
    ).toBeTruthy();
  });

  it('lists only tracks with a title or audio, naming untitled ones by position', async () => {
    const user = userEvent.setup();
    renderSchedule({
      tracks: [track(1), track(2, { title: '' }), track(3, { title: '', url: undefined }), track(4)],
    });
    await chooseSinglesFirst(user);
    expect(screen.getAllByRole('checkbox', { name: 'Release as single' })).toHaveLength(3);
    expect(singleCheckbox('Track 2')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Track 3' })).toBeNull();
    expect(singleCheckbox('Song 4')).toBeTruthy();
  });

  it('sets the full release date, offering nothing before the last single', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule();
    await chooseSinglesFirst(user);
    await user.click(singleCheckbox('Song 1'));
    const full = screen.getByLabelText(/^Full release date/, { selector: 'input' }) as HTMLInputElement;
    expect(full.min).toBe(in6Weeks);
    const hint = () =>
      document.getElementById(full.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
    expect(hint()).toContain(`on or after your last single, ${formatLongDate(in6Weeks)}`);
    fireEvent.change(full, { target: { value: in12Weeks } });
    expect(getForm().getValues('fullReleaseDate')).toBe(in12Weeks);
    expect(hint()).toContain(formatLongDate(in12Weeks));
  });

  it('opens on the singles list when the form is already singles first', () => {
    renderSchedule({
      releaseStrategy: 'singles_first',
      tracks: [
        track(1, { releaseAsSingle: true, singleReleaseDate: in6Weeks, singleOrder: 1 }),
        track(2),
        track(3),
      ],
      singlesCount: 1,
      firstSingleDate: in6Weeks,
      lastSingleDate: in6Weeks,
    });
    expect((screen.getByRole('radio', { name: 'Release singles first' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((singleCheckbox('Song 1') as HTMLInputElement).checked).toBe(true);
    expect(within(trackGroup('Song 1')).getByText('Single 1')).toBeTruthy();
  });

  it('still lets a singles-first release with one track left go back to together', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule({
      releaseStrategy: 'singles_first',
      tracks: [track(1, { releaseAsSingle: true, singleReleaseDate: in6Weeks, singleOrder: 1 })],
    });
    await user.click(screen.getByRole('radio', { name: 'Release all tracks together' }));
    expect(getForm().getValues('releaseStrategy')).toBe('together');
    expect(screen.queryByRole('radio', { name: 'Release all tracks together' })).toBeNull();
  });
});

describe('ReleaseScheduleSection: early release', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('on shows a required reason and lifts the minimum date', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule();
    expect(screen.queryByRole('textbox', { name: /Reason for early release/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Request an early release (less than 6 weeks)' }));

    expect(getForm().getValues('earlyReleaseRequest')).toBe(true);
    const reason = screen.getByRole('textbox', { name: /Reason for early release/ }) as HTMLTextAreaElement;
    expect(reason.required).toBe(true);
    const date = screen.getByLabelText(/^Release date/, { selector: 'input' }) as HTMLInputElement;
    expect(date.min).toBe('');
    fireEvent.change(date, { target: { value: addDays(today, 10) } });
    expect(getForm().getValues('releaseDate')).toBe(addDays(today, 10));
    await user.type(reason, 'Tour starts');
    expect(getForm().getValues('earlyReleaseReason')).toBe('Tour starts');
  });

  it('off resets the release date to the default and clears the reason', async () => {
    const user = userEvent.setup();
    const { getForm } = renderSchedule({
      earlyReleaseRequest: true,
      earlyReleaseReason: 'Tour starts',
      releaseDate: addDays(today, 10),
    });
    const toggle = screen.getByRole('switch', { name: 'Request an early release (less than 6 weeks)' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);

    expect(getForm().getValues()).toMatchObject({
      earlyReleaseRequest: false,
      earlyReleaseReason: '',
      releaseDate: in6Weeks,
    });
    expect(screen.queryByRole('textbox', { name: /Reason for early release/ })).toBeNull();
    expect((screen.getByLabelText(/^Release date/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      in6Weeks,
    );
    expect((screen.getByLabelText(/^Release date/, { selector: 'input' }) as HTMLInputElement).min).toBe(
      in6Weeks,
    );
  });

  it('also lifts the minimum on single dates', async () => {
    const user = userEvent.setup();
    renderSchedule();
    await chooseSinglesFirst(user);
    await user.click(singleCheckbox('Song 1'));
    const date = () =>
      within(trackGroup('Song 1')).getByLabelText(/^Single release date/, {
        selector: 'input',
      }) as HTMLInputElement;
    expect(date().min).toBe(in6Weeks);
    await user.click(screen.getByRole('switch', { name: 'Request an early release (less than 6 weeks)' }));
    expect(date().min).toBe('');
  });
});

describe('ReleaseScheduleSection: problems from the wizard', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  function describedText(element: HTMLElement): string {
    return (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  }

  it('shows the together problems under their inputs', () => {
    const { container } = renderSchedule({ earlyReleaseRequest: true, releaseDate: '' }, [
      { field: 'releaseDate', message: 'Release date is required' },
      { field: 'earlyReleaseReason', message: 'Please provide a reason for the early release request' },
    ]);
    const date = screen.getByLabelText(/^Release date/, { selector: 'input' });
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(date)).toBe('Release date is required');
    const reason = screen.getByRole('textbox', { name: /Reason for early release/ });
    expect(reason.id).toBe(fieldDomId('earlyReleaseReason'));
    expect(describedText(reason)).toBe('Please provide a reason for the early release request');
    expect(container.querySelector('[data-field="releaseDate"]')).not.toBeNull();
    expect(container.querySelector('[data-field="earlyReleaseReason"]')).not.toBeNull();
  });

  it('shows the 6-week problem under the release date', () => {
    renderSchedule({ releaseDate: addDays(today, 7) }, [
      { field: 'releaseDate', message: 'Release date must be at least 6 weeks from today' },
    ]);
    expect(describedText(screen.getByLabelText(/^Release date/, { selector: 'input' }))).toBe(
      'Release date must be at least 6 weeks from today',
    );
  });

  it('shows the singles-first problems under the single, the full date and the track list', () => {
    const soon = addDays(today, 7);
    const lastMessage = `Full release date must be on or after your last single (${formatLongDate(soon)})`;
    const { container } = renderSchedule(
      {
        releaseStrategy: 'singles_first',
        tracks: [
          track(1, { releaseAsSingle: true, singleReleaseDate: soon, singleOrder: 1 }),
          track(2),
          track(3),
        ],
        fullReleaseDate: addDays(today, 3),
        singlesCount: 1,
        firstSingleDate: soon,
        lastSingleDate: soon,
      },
      [
        { field: 'tracks.0.singleReleaseDate', message: 'Release date must be at least 6 weeks from today' },
        { field: 'fullReleaseDate', message: lastMessage },
      ],
    );
    const single = within(trackGroup('Song 1')).getByLabelText(/^Single release date/, { selector: 'input' });
    expect(single.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(single)).toBe('Release date must be at least 6 weeks from today');
    expect(container.querySelector('[data-field="tracks.0.singleReleaseDate"]')).not.toBeNull();
    const full = screen.getByLabelText(/^Full release date/, { selector: 'input' });
    expect(full.id).toBe(fieldDomId('fullReleaseDate'));
    expect(describedText(full)).toBe(lastMessage);
  });

  it('shows a missing full release date', () => {
    renderSchedule(
      {
        releaseStrategy: 'singles_first',
        tracks: [track(1, { releaseAsSingle: true, singleReleaseDate: in6Weeks, singleOrder: 1 }), track(2)],
        lastSingleDate: in6Weeks,
      },
      [{ field: 'fullReleaseDate', message: 'Full release date is required for singles-first strategy' }],
    );
    expect(describedText(screen.getByLabelText(/^Full release date/, { selector: 'input' }))).toBe(
      'Full release date is required for singles-first strategy',
    );
  });

  it('shows "select at least one" on the track list, which carries the strategy anchor', () => {
    const { container } = renderSchedule(
      {
        releaseStrategy: 'singles_first',
        // Ticked, but its date was cleared: no dated single.
        tracks: [track(1, { releaseAsSingle: true, singleOrder: 1 }), track(2), track(3)],
      },
      [{ field: 'releaseStrategy', message: 'Please select at least one track to release as a single' }],
    );
    const anchors = container.querySelectorAll('[data-field="releaseStrategy"]');
    expect(anchors).toHaveLength(1);
    const anchor = anchors[0] as HTMLElement;
    expect(within(anchor).getByText('Please select at least one track to release as a single')).toBeTruthy();
    expect(within(anchor).getAllByRole('checkbox', { name: 'Release as single' })).toHaveLength(3);
    expect(screen.getAllByText('Please select at least one track to release as a single')).toHaveLength(1);
  });
});
