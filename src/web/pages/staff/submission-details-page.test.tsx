import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardItemDetail } from '../../../domain';
import {
  answerReview,
  decisionTemplate,
  detail,
  jpegVariantOf,
  mockApi,
  renderStaffPage,
  timelineEvent,
} from './board/board-test-helpers';
import { SubmissionDetailsPage } from './submission-details-page';

const item = detail();
const path = `/details/${item.itemId}`;

afterEach(() => vi.restoreAllMocks());

function region(name: string | RegExp) {
  return screen.getByRole('region', { name });
}

function rowValue(container: HTMLElement, label: string): string | null | undefined {
  const term = within(container)
    .getAllByRole('term')
    .find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent;
}

describe('the submission review', () => {
  it('shows every part of the submission', async () => {
    const api = mockApi(answerReview({ item }));
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    expect(screen.getByRole('status').textContent).toContain('Loading submission...');

    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Rivers - First Light' })).toBeTruthy();
    expect(api.requests[0]?.url.pathname).toBe(`/api/board/items/${item.itemId}`);
    expect(screen.getByRole('link', { name: 'Back to the board' }).getAttribute('href')).toBe('/admin/board');
    // Listening first: the tracks' player is the page's first section, before the decisions.
    const sections = screen.getAllByRole('region');
    expect(sections[0]?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(within(sections[0] as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe('Listen');
    expect(within(sections[0] as HTMLElement).getByRole('button', { name: 'Play Night Bus' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Pending')).toBeTruthy();
    expect(header.textContent).toMatch(/Submitted Nov 20, 2026/);

    const artist = region('Artist');
    expect(rowValue(artist, 'Name')).toBe('Maya Rivers');
    expect(within(artist).getByRole('link', { name: 'maya@example.com' }).getAttribute('href')).toBe(
      'mailto:maya@example.com',
    );
    expect(rowValue(artist, 'Phone')).toBe('+44 20 7946 0000');
    expect(rowValue(artist, 'Location')).toBe('London, United Kingdom');
    const instagram = within(artist).getByRole('link', { name: /instagram\.com\/mayarivers/ });
    expect(instagram.getAttribute('href')).toBe('https://instagram.com/mayarivers');
    expect(instagram.getAttribute('rel')).toBe('noopener noreferrer');
    expect(rowValue(artist, 'TikTok')).toBe('—');

    const release = region('Release');
    expect(rowValue(release, 'Submission')).toBe('Both Options');
    expect(rowValue(release, 'Type')).toBe('EP + transfer');
    expect(rowValue(release, 'Genre')).toBe('Pop / Indie Pop');
    expect(rowValue(release, 'Release strategy')).toBe('Release singles first');
    expect(rowValue(release, 'Full release date')).toBe('March 5, 2027');
    expect(rowValue(release, 'Singles')).toBe('Night Bus: January 15, 2027');
    expect(rowValue(release, 'Early release')).toBe('Requested: Tour starts in February');
    expect(rowValue(release, 'Current distributor')).toBe('DistroKid');
    expect(rowValue(release, 'About the music')).toBe('Songs written on the night bus.');
    expect(rowValue(release, 'For Fans Of')).toBe('Phoebe Bridgers, Bon Iver');
    expect(rowValue(release, 'PRO / PPL number')).toBe('PRS-123456');
    expect(rowValue(release, 'Publishing administration')).toBe('Interested');

    const artwork = region('Artwork');
    // Shown through its variants, the full-size file kept for the download.
    await waitFor(() =>
      expect(within(artwork).getByRole('img', { name: 'Artwork for First Light' }).getAttribute('src')).toBe(
        jpegVariantOf(item.artwork?.url),
      ),
    );
    expect(artwork.textContent).toContain('3000 × 3000 px');
    expect(
      within(artwork).getByRole('link', { name: 'Download artwork (cover.jpg)' }).getAttribute('href'),
    ).toBe(item.artwork?.downloadUrl);

    const tracks = region('Tracks (2)');
    const trackItems = within(tracks).getAllByRole('heading', { level: 3 });
    expect(trackItems.map((h) => h.textContent)).toEqual(['1. Night Bus', '2. First Light']);
    // The tracks play in the docked player; only the clips keep an element of their own.
    const players = tracks.querySelectorAll('audio');
    expect([...players].map((audio) => [audio.getAttribute('src'), audio.getAttribute('preload')])).toEqual([
      [item.tracks[0]?.clips[0]?.file?.url, 'none'],
    ]);
    expect(within(tracks).getByRole('button', { name: 'Play Night Bus' })).toBeTruthy();
    expect(within(tracks).getByRole('button', { name: 'Play First Light' })).toBeTruthy();
    expect(tracks.textContent).toContain('night-bus.wav · 2 ch · 44.1 kHz · 24-bit · 3:12');
    expect(tracks.textContent).toContain('first-light.wav · 2 ch · 48 kHz · 16-bit · 3:21');
    expect(
      within(tracks).getByRole('link', { name: 'Download Night Bus (night-bus.wav)' }).getAttribute('href'),
    ).toBe(item.tracks[0]?.audio?.downloadUrl);
    // The single's own cover, through its variants, with its size and download; the other track
    // uses the release's.
    await waitFor(() =>
      expect(
        within(tracks).getByRole('img', { name: 'Custom artwork of Night Bus' }).getAttribute('src'),
      ).toBe(jpegVariantOf(item.tracks[0]?.customArtwork?.url)),
    );
    expect(tracks.textContent).toContain('night-bus-single.jpg3000 × 3000 px · 1.1 MB');
    expect(
      within(tracks)
        .getByRole('link', { name: 'Download the artwork of Night Bus (night-bus-single.jpg)' })
        .getAttribute('href'),
    ).toBe(item.tracks[0]?.customArtwork?.downloadUrl);
    expect(within(tracks).getAllByText('Uses the release artwork.')).toHaveLength(1);
    expect(within(tracks).getByText('Explicit')).toBeTruthy();
    expect(within(tracks).getAllByText('Yes (explicit)')).toHaveLength(1);
    expect(rowValue(tracks, 'Production year')).toBe('2026');
    expect(tracks.textContent).toContain('Leo Park — Producer: Producer, Mixing Engineer');
    const splits = within(tracks).getByRole('table', { name: 'Master splits of Night Bus' });
    expect(
      within(splits)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['NameE-mailShare', 'Leo Parkleo@example.com60%', 'Ana Ruizana@example.com40%', 'Total100%']);
    expect(tracks.textContent).toContain('Solo work: the artist made this track alone.');
    expect(tracks.textContent).toContain('Clip 1: 0:30–1:00 · Ready');
    // Lyrics are there, folded away until opened.
    const lyrics = tracks.querySelector('details');
    expect(lyrics?.open).toBe(false);
    expect(lyrics?.textContent).toContain('Home before the sun');

    const catalogue = region('Catalogue items (1)');
    expect(within(catalogue).getByRole('heading', { level: 3, name: 'Old Harbour' })).toBeTruthy();
    expect(rowValue(catalogue, 'Label')).toBe('Tidal Records');
    expect(rowValue(catalogue, 'UPC')).toBe('0602577000000');
    expect(rowValue(catalogue, 'Release date')).toBe('May 17, 2019');
    expect(
      within(catalogue).getByRole('table', { name: 'Master splits of Old Harbour' }).textContent,
    ).toContain('Iris Cole');

    const timeline = region('Timeline');
    await waitFor(() => expect(timeline.textContent).toContain('Submitted'));
    expect(timeline.textContent).toContain('By the artist, through the submission form');
    expect(api.requests.some((r) => r.url.pathname === `/api/board/items/${item.itemId}/timeline`)).toBe(
      true,
    );
  });

  it('shows where the artist is with the release details, and the ISRCs they gave', async () => {
    const withDraft = detail({
      status: 'in_progress',
      releaseDetails: { status: 'draft', submittedAt: null },
    });
    const api = mockApi(answerReview({ item: withDraft }));
    const first = renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const header = await screen.findByRole('banner');
    expect(header.textContent).toContain('Release details: draft saved, not submitted yet');
    first.unmount();

    api.spy.mockRestore();
    const submittedAt = '2026-12-01T09:30:00.000Z';
    const submitted = detail({
      status: 'in_progress',
      releaseDetails: { status: 'submitted', submittedAt },
      tracks: item.tracks.map((track, index) => ({ ...track, isrc: index === 0 ? 'GB-A1B-25-00042' : null })),
      events: [
        ...item.events,
        {
          type: 'release_details_submitted',
          fromStatus: null,
          toStatus: null,
          message: null,
          actor: 'Maya Rivers',
          createdAt: submittedAt,
        },
      ],
    });
    mockApi(
      answerReview({
        item: submitted,
        events: [
          timelineEvent({
            eventId: '2',
            type: 'release_details_submitted',
            label: 'Release details submitted',
            actor: 'Maya Rivers',
            toStatus: null,
            createdAt: submittedAt,
          }),
          timelineEvent(),
        ],
      }),
    );
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const banner = await screen.findByRole('banner');
    expect(banner.textContent).toMatch(/Release details: submitted on Dec 1, 2026/);
    expect(banner.querySelectorAll('time')[1]?.getAttribute('dateTime')).toBe(submittedAt);
    const tracks = region('Tracks (2)');
    const isrcs = within(tracks)
      .getAllByRole('term')
      .filter((dt) => dt.textContent === 'ISRC')
      .map((dt) => dt.nextElementSibling?.textContent);
    expect(isrcs).toEqual(['GB-A1B-25-00042', '—']);
    const timeline = region('Timeline');
    await waitFor(() => expect(timeline.textContent).toContain('Release details submitted by the artist'));
    expect(timeline.textContent).toContain('By Maya Rivers');
  });

  it('offers only the next statuses and sends the change with the message', async () => {
    const approved: BoardItemDetail = {
      ...item,
      status: 'approved',
      nextStatuses: ['in_progress', 'processing', 'live', 'rejected'],
      events: [
        ...item.events,
        {
          type: 'status_changed',
          fromStatus: 'pending',
          toStatus: 'approved',
          message: 'We love it.',
          actor: 'reviewer@label.example',
          createdAt: '2026-11-21T10:00:00.000Z',
        },
      ],
    };
    let posted = false;
    const api = mockApi((request) => {
      if (request.method === 'POST') posted = true;
      return answerReview({
        item: posted ? approved : item,
        events: posted
          ? [
              timelineEvent({
                eventId: '2',
                type: 'status_changed',
                label: 'Status changed',
                fromStatus: 'pending',
                toStatus: 'approved',
                message: 'We love it.',
                actor: 'reviewer@label.example',
                createdAt: '2026-11-21T10:00:00.000Z',
              }),
              timelineEvent(),
            ]
          : [timelineEvent()],
      })(request);
    });
    const user = userEvent.setup();
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const panel = await screen.findByRole('region', { name: 'Change status' });
    const options = within(panel).getAllByRole('radio');
    expect(options.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'In Progress',
      'Approved',
      'Rejected',
    ]);
    const confirm = within(panel).getByRole('button', { name: 'Change status' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    await user.click(within(panel).getByRole('radio', { name: 'Approved' }));
    await user.type(
      within(panel).getByRole('textbox', { name: 'Message to the artist (optional)' }),
      '  We love it.  ',
    );
    await user.click(within(panel).getByRole('button', { name: 'Set to Approved' }));

    const done = await within(panel).findByRole('status');
    expect(done.textContent).toContain('Status changed to Approved. The artist has been e-mailed.');
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/board/items/${item.itemId}/status`);
    expect(post?.body).toEqual({ status: 'approved', message: 'We love it.' });

    // The page shows the item as the server now has it.
    expect(within(screen.getByRole('banner')).getByText('Approved')).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['In Progress', 'Processing', 'Live', 'Rejected']);
    const timeline = region('Timeline');
    await waitFor(() => expect(timeline.textContent).toContain('Status changed from Pending to Approved'));
    expect(timeline.textContent).toContain('By reviewer@label.example');
    expect(timeline.textContent).toContain('We love it.');
    expect((within(panel).getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
  });

  it('approves from a template, filled in for the submission and edited before sending', async () => {
    const template = decisionTemplate();
    const declineTemplate = decisionTemplate({
      templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c09',
      kind: 'decline',
      name: 'Not for us',
    });
    const api = mockApi(
      answerReview({
        item,
        templates: [template, declineTemplate],
        other: ({ method, url }) => {
          if (url.pathname.endsWith('/decision-message'))
            return {
              status: 200,
              body: {
                success: true,
                templateId: template.templateId,
                kind: 'approve',
                name: template.name,
                message: 'Dear Maya Rivers, we would love to release "First Light" on Imprint.',
              },
            };
          if (method === 'POST')
            return {
              status: 200,
              body: { success: true, item: { ...item, status: 'approved', nextStatuses: [] } },
            };
          return undefined;
        },
      }),
    );
    const user = userEvent.setup();
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const panel = await screen.findByRole('region', { name: 'Change status' });
    // In Progress is not a decision: no template.
    await user.click(within(panel).getByRole('radio', { name: 'In Progress' }));
    expect(within(panel).queryByRole('combobox')).toBeNull();

    await user.click(within(panel).getByRole('radio', { name: 'Approved' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Template (Approve)' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No template: write the message',
      'Welcome aboard',
    ]);
    await user.click(screen.getByRole('option', { name: 'Welcome aboard' }));
    const message = within(panel).getByRole('textbox', { name: 'Message to the artist (optional)' });
    await waitFor(() =>
      expect((message as HTMLTextAreaElement).value).toBe(
        'Dear Maya Rivers, we would love to release "First Light" on Imprint.',
      ),
    );
    await user.click(message);
    await user.paste(' The contract follows.');
    await user.click(within(panel).getByRole('button', { name: 'Set to Approved' }));
    await within(panel).findByRole('status');
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      status: 'approved',
      message: 'Dear Maya Rivers, we would love to release "First Light" on Imprint. The contract follows.',
      templateId: template.templateId,
    });
  });

  it('says that a status change withdraws an open change request', async () => {
    const waiting = {
      ...item,
      status: 'changes_requested' as const,
      nextStatuses: ['pending' as const, 'rejected' as const],
      canRequestChanges: false,
    };
    mockApi(answerReview({ item: waiting }));
    const user = userEvent.setup();
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const panel = await screen.findByRole('region', { name: 'Change status' });
    expect(panel.textContent).not.toContain('withdraws');
    await user.click(within(panel).getByRole('radio', { name: 'Pending' }));
    expect(panel.textContent).toContain(
      'The artist has not sent the marked fields back yet: this withdraws the open change request.',
    );
  });

  it('sends no message when none was written', async () => {
    const api = mockApi(
      answerReview({
        item,
        other: ({ method }) =>
          method === 'POST'
            ? {
                status: 200,
                body: { success: true, item: { ...item, status: 'rejected', nextStatuses: ['pending'] } },
              }
            : undefined,
      }),
    );
    const user = userEvent.setup();
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const panel = await screen.findByRole('region', { name: 'Change status' });
    await user.click(within(panel).getByRole('radio', { name: 'Rejected' }));
    await user.click(within(panel).getByRole('button', { name: 'Set to Rejected' }));
    await within(panel).findByRole('status');
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ status: 'rejected' });
  });

  it('shows the server’s refusal in its words and reloads the item', async () => {
    const refusal = 'A submission that is Approved cannot be set to Approved';
    const api = mockApi(
      answerReview({
        item,
        other: ({ method }) =>
          method === 'POST' ? { status: 409, body: { success: false, error: refusal } } : undefined,
      }),
    );
    const user = userEvent.setup();
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const panel = await screen.findByRole('region', { name: 'Change status' });
    await user.click(within(panel).getByRole('radio', { name: 'Approved' }));
    await user.click(within(panel).getByRole('button', { name: 'Set to Approved' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    const itemReads = () =>
      api.requests.filter((r) => r.method === 'GET' && r.url.pathname === `/api/board/items/${item.itemId}`);
    await waitFor(() => expect(itemReads()).toHaveLength(2));
  });

  it('says "Submission not found" for an unknown submission', async () => {
    mockApi(() => ({ status: 404, body: { success: false, error: 'Submission not found' } }));
    renderStaffPage(
      SubmissionDetailsPage,
      '/details/:submissionId',
      '/details/0b7c6a4e-2d1f-4c3b-8a9e-1f2d3c4b5a69',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the board' })).toBeTruthy();
  });

  it('does not ask the server about an address that cannot name a submission', async () => {
    const api = mockApi(() => ({ status: 404, body: { success: false, error: 'Submission not found' } }));
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', '/details/some-submission');
    expect(screen.getByRole('heading', { level: 1, name: 'Submission not found' })).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('offers Retry when the submission cannot be loaded', async () => {
    // The page retries once by itself before it shows the failure.
    let calls = 0;
    mockApi(
      answerReview({
        item,
        other: ({ url }) =>
          url.pathname === `/api/board/items/${item.itemId}` && ++calls <= 2
            ? { status: 503, body: { success: false, error: 'Service unavailable' } }
            : undefined,
      }),
    );
    const user = userEvent.setup();
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The submission could not be loaded: Service unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Rivers - First Light' })).toBeTruthy();
  });
});
