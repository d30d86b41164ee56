import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Contributor, createDefaultTrackMetadata, type TrackMetadata } from '../../../domain';
import { renderInForm } from '../../test/render-form';
import { fieldDomId } from '../field-errors';
import type { SubmitFormValues } from '../form-values';
import { TrackDetailsForm } from './track-details-form';

// MUI in jsdom driven by user-event is slow on a busy machine; the default 5 s would fail on timing.
const UI_TEST_TIMEOUT_MS = 60_000;

type User = ReturnType<typeof userEvent.setup>;

const person = (change: Partial<Contributor> & Pick<Contributor, 'id' | 'firstName'>): Contributor => ({
  surname: 'Reed',
  roles: ['Guitar'],
  isFeatured: false,
  isPrimaryArtist: false,
  ...change,
});

function renderTrack(metadata: TrackMetadata | undefined = createDefaultTrackMetadata(), errors = []) {
  const values: Partial<SubmitFormValues> = { tracks: [{ id: 't1', title: 'Song', metadata }] };
  const result = renderInForm(<TrackDetailsForm index={0} />, { values, errors });
  const metadataOf = () => result.getForm().getValues('tracks.0.metadata') as TrackMetadata;
  return { ...result, metadataOf };
}

async function addContributor(
  user: User,
  {
    first,
    last,
    roles,
    featured = false,
  }: { first: string; last: string; roles: string[]; featured?: boolean },
) {
  await user.click(screen.getByRole('button', { name: 'Add contributor' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('textbox', { name: /First name/ }));
  await user.paste(first);
  await user.click(within(dialog).getByRole('textbox', { name: /Last name/ }));
  await user.paste(last);
  // The role list stays open between picks (disableCloseOnSelect).
  await user.click(within(dialog).getByRole('combobox', { name: /Roles/ }));
  for (const role of roles) {
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: role }));
  }
  await user.keyboard('{Escape}');
  if (featured) await user.click(within(dialog).getByRole('switch', { name: 'Featured artist' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('TrackDetailsForm: who created the track', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('creates the details of a track that has none', async () => {
    const { metadataOf } = renderTrack(undefined);
    await screen.findByRole('heading', { name: 'Who created this track?' });
    expect(metadataOf()).toEqual(createDefaultTrackMetadata());
  });

  it('asks for contributors until there are some or the track is solo work', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack();
    expect(screen.getByText('Add at least one person who worked on this track.')).toBeTruthy();
    await user.click(
      screen.getByRole('checkbox', { name: 'Solo work (I wrote, performed and produced it myself)' }),
    );
    expect(metadataOf().soloWork).toBe(true);
    expect(screen.queryByText('Add at least one person who worked on this track.')).toBeNull();
  });

  it('keeps Add disabled until first name, last name and a role are given', async () => {
    const user = userEvent.setup();
    renderTrack();
    await user.click(screen.getByRole('button', { name: 'Add contributor' }));
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Sam');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Reed');
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /Roles/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Guitar' }));
    expect(add.hasAttribute('disabled')).toBe(false);
  });

  it('places a featured artist, a producer and anyone else in their lists', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack();
    await addContributor(user, { first: 'Ana', last: 'Lima', roles: ['Vocals'], featured: true });
    await addContributor(user, { first: 'Bo', last: 'Chen', roles: ['Producer', 'Mixing Engineer'] });
    await addContributor(user, { first: 'Cy', last: 'Diaz', roles: ['Bass'] });

    const metadata = metadataOf();
    expect(metadata.featuredArtists.map((c) => c.firstName)).toEqual(['Ana']);
    expect(metadata.producers.map((c) => c.firstName)).toEqual(['Bo']);
    expect(metadata.nonFeaturedArtists.map((c) => c.firstName)).toEqual(['Cy']);
    expect(metadata.producers[0]?.roles).toEqual(['Producer', 'Mixing Engineer']);

    const list = screen.getByRole('list', { name: 'Contributors' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ana Lima'),
      expect.stringContaining('Bo Chen'),
      expect.stringContaining('Cy Diaz'),
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Featured')).toBeTruthy();
    // The list's label, then the role.
    expect(within(rows[1] as HTMLElement).getAllByText('Producer')).toHaveLength(2);
    expect(within(rows[2] as HTMLElement).getByText('Non-featured')).toBeTruthy();
    expect(screen.queryByText('Add at least one person who worked on this track.')).toBeNull();
  });

  it('edits a contributor under the same id and moves them when their roles change', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack({
      ...createDefaultTrackMetadata(),
      nonFeaturedArtists: [person({ id: 'c1', firstName: 'Sam' })],
    });
    await user.click(screen.getByRole('button', { name: 'Edit Sam Reed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contributor' });
    await user.click(within(dialog).getByRole('combobox', { name: /Roles/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Producer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const metadata = metadataOf();
    expect(metadata.nonFeaturedArtists).toEqual([]);
    expect(metadata.producers).toEqual([
      expect.objectContaining({ id: 'c1', roles: ['Guitar', 'Producer'] }),
    ]);
  });

  it('removes a contributor, and a split naming them keeps the share under their name', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack({
      ...createDefaultTrackMetadata(),
      featuredArtists: [person({ id: 'c1', firstName: 'Sam', email: 'sam@example.com', isFeatured: true })],
      hasMasterSplit: true,
      masterSplits: [{ id: 's1', contributorId: 'c1', percentage: 100 }],
    });
    await user.click(screen.getByRole('button', { name: 'Remove Sam Reed' }));
    const metadata = metadataOf();
    expect(metadata.featuredArtists).toEqual([]);
    expect(metadata.masterSplits).toEqual([
      { id: 's1', firstName: 'Sam', lastName: 'Reed', email: 'sam@example.com', percentage: 100 },
    ]);
    expect(screen.getByText('Add at least one person who worked on this track.')).toBeTruthy();
  });

  it('shows at most three role chips, then how many more', () => {
    renderTrack({
      ...createDefaultTrackMetadata(),
      nonFeaturedArtists: [
        person({ id: 'c1', firstName: 'Sam', roles: ['Guitar', 'Bass', 'Drums', 'Piano', 'Cello'] }),
      ],
    });
    const roles = screen.getByRole('group', { name: /Roles of Sam Reed/ });
    expect(
      within(roles)
        .getAllByText(/./)
        .map((chip) => chip.textContent),
    ).toEqual(['Guitar', 'Bass', 'Drums', '+2']);
  });

  it('shows the wizard’s contributor problem on the section it anchors', () => {
    const { container } = renderTrack(createDefaultTrackMetadata(), [
      { field: 'tracks.0.metadata.contributors', message: 'Track 1 "Song" needs contributors and roles' },
    ] as never);
    const section = container.querySelector('[data-field="tracks.0.metadata.contributors"]');
    expect(section?.textContent).toContain('Track 1 "Song" needs contributors and roles');
  });
});

describe('TrackDetailsForm: master splits', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('offers the track’s contributors as split holders, shows the total and clears splits when off', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack({
      ...createDefaultTrackMetadata(),
      producers: [person({ id: 'c1', firstName: 'Bo', surname: 'Chen', roles: ['Producer'] })],
    });
    await user.click(screen.getByRole('switch', { name: 'Master royalty splits' }));
    expect(metadataOf().hasMasterSplit).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add split' }));
    await user.click(screen.getByRole('combobox', { name: 'Paid to' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Bo Chen' }));
    expect(metadataOf().masterSplits).toEqual([
      { id: expect.any(String), contributorId: 'c1', percentage: 100 },
    ]);
    expect(screen.getByText('Total: 100%')).toBeTruthy();

    const share = screen.getByRole('spinbutton', { name: /Share/ });
    await user.clear(share);
    await user.type(share, '60');
    expect(metadataOf().masterSplits[0]?.percentage).toBe(60);
    expect(screen.getByText('Total: 60%')).toBeTruthy();
    expect(screen.getByText(/Shares usually add up to 100%/)).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Master royalty splits' }));
    expect(metadataOf()).toMatchObject({ hasMasterSplit: false, masterSplits: [] });
  });

  it('does not offer a contributor for a second split', async () => {
    const user = userEvent.setup();
    renderTrack({
      ...createDefaultTrackMetadata(),
      producers: [person({ id: 'c1', firstName: 'Bo', surname: 'Chen', roles: ['Producer'] })],
      nonFeaturedArtists: [person({ id: 'c2', firstName: 'Cy', surname: 'Diaz' })],
      hasMasterSplit: true,
      masterSplits: [
        { id: 's1', contributorId: 'c1', percentage: 50 },
        { id: 's2', firstName: 'Kim', lastName: 'Lee', email: 'k@e.co', percentage: 50 },
      ],
    });
    const second = screen.getByRole('group', { name: 'Split 2' });
    expect(within(second).getByRole('textbox', { name: /First name/ })).toBeTruthy();
    await user.click(within(second).getByRole('combobox', { name: 'Paid to' }));
    const options = within(screen.getByRole('listbox'));
    expect(options.getByRole('option', { name: 'Bo Chen' }).getAttribute('aria-disabled')).toBe('true');
    expect(options.getByRole('option', { name: 'Cy Diaz' }).getAttribute('aria-disabled')).toBeNull();
  });
});

describe('TrackDetailsForm: year, explicit content, lyrics', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('writes the production year as text, within the allowed range', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack();
    const year = screen.getByRole('spinbutton', { name: /Production year/ });
    expect(year.getAttribute('min')).toBe('1900');
    expect(Number(year.getAttribute('max'))).toBe(new Date().getFullYear());
    await user.type(year, '2024');
    expect(metadataOf().productionYear).toBe('2024');
  });

  it('shows the wizard’s production year problem on the input', () => {
    renderTrack(createDefaultTrackMetadata(), [
      { field: 'tracks.0.metadata.productionYear', message: 'Track 1 "Song" needs a production year' },
    ] as never);
    const year = screen.getByRole('spinbutton', { name: /Production year/ });
    expect(year.id).toBe(fieldDomId('tracks.0.metadata.productionYear'));
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Track 1 "Song" needs a production year')).toBeTruthy();
  });

  it('marks explicit content, "No" by default', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack();
    const group = screen.getByRole('radiogroup', { name: /explicit content/ });
    expect((within(group).getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(group).getByRole('radio', { name: 'Yes (explicit)' }));
    expect(metadataOf().parentalAdvisory).toBe('yes');
    await user.click(within(group).getByRole('radio', { name: 'Clean version' }));
    expect(metadataOf().parentalAdvisory).toBe('cleaned');
  });

  it('takes lyrics while the switch is on and drops them when it is turned off', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack();
    expect(screen.queryByRole('textbox', { name: 'Lyrics' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Include lyrics' }));
    await user.type(screen.getByRole('textbox', { name: 'Lyrics' }), 'La la');
    expect(metadataOf()).toMatchObject({ lyricsEnabled: true, lyrics: 'La la' });
    await user.click(screen.getByRole('switch', { name: 'Include lyrics' }));
    expect(metadataOf()).toMatchObject({ lyricsEnabled: false, lyrics: '' });
    expect(screen.queryByRole('textbox', { name: 'Lyrics' })).toBeNull();
  });
});

describe('TrackDetailsForm: social clips', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('starts with one 00:00-00:30 clip, allows two, and clears them when off', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack();
    expect(
      screen.getByText(/Clips are 30-60 seconds, delivered as WAV and released 3 weeks before/),
    ).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Create social audio clips' }));
    expect(metadataOf().socialClipsEnabled).toBe(true);
    expect(metadataOf().socialClips).toEqual([
      { id: expect.any(String), startTime: '00:00', endTime: '00:30', status: 'Ready' },
    ]);
    expect(screen.getByText('Length: 30 seconds')).toBeTruthy();

    const add = screen.getByRole('button', { name: 'Add clip' });
    await user.click(add);
    expect(metadataOf().socialClips).toHaveLength(2);
    expect(add.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove clip 2' }));
    expect(metadataOf().socialClips).toHaveLength(1);
    expect(add.hasAttribute('disabled')).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Create social audio clips' }));
    expect(metadataOf()).toMatchObject({ socialClipsEnabled: false, socialClips: [] });
  });

  it('edits clip times, shows the length, a hint outside 30-60 s and a bad time once left', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderTrack();
    await user.click(screen.getByRole('switch', { name: 'Create social audio clips' }));
    const clip = screen.getByRole('group', { name: 'Clip 1' });
    const end = within(clip).getByRole('textbox', { name: /End/ });
    await user.clear(end);
    await user.type(end, '01:45');
    expect(metadataOf().socialClips[0]?.endTime).toBe('01:45');
    expect(within(clip).getByText('Length: 105 seconds')).toBeTruthy();
    expect(within(clip).getByText('Clips work best at 30-60 seconds.')).toBeTruthy();

    const start = within(clip).getByRole('textbox', { name: /Start/ });
    await user.clear(start);
    await user.type(start, '1:5');
    expect(within(clip).queryByText(/start time must be minutes and seconds/)).toBeNull();
    await user.tab();
    expect(within(clip).getByText('Clip 1 start time must be minutes and seconds, e.g. 01:30')).toBeTruthy();
    expect(within(clip).getByText('Length: —')).toBeTruthy();

    await user.type(within(clip).getByRole('textbox', { name: /Description/ }), 'The chorus');
    expect(metadataOf().socialClips[0]?.description).toBe('The chorus');
  });
});
