import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLAG_AT_LEAST_ONE, FLAG_NOTE_REQUIRED } from '../../../../domain';
import { answerReview, decisionTemplate, detail, mockApi, renderStaffPage } from './board-test-helpers';
import { type ChangeRequestMark, listMarkableFields, RequestChangesPanel } from './request-changes-panel';

afterEach(() => vi.restoreAllMocks());

/** Puts text into a field at once (typing it key by key re-renders the whole form each time). */
async function write(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const item = detail();
const path = `/details/${item.itemId}`;
const [night, first] = item.tracks;
const template = decisionTemplate({
  templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c02',
  kind: 'request_changes',
  name: 'A few fixes',
  body: 'Hi {{artistName}}, a few fixes to "{{releaseTitle}}" please.',
});

function renderPanel(panelItem = item) {
  return renderStaffPage(() => <RequestChangesPanel item={panelItem} />, '/details/:submissionId', path);
}

describe('what a submission offers to mark', () => {
  it('lists the release, each track and each catalogue item; a transfer has no artwork or date', () => {
    const groups = listMarkableFields(item);
    expect(groups.map((group) => group.title)).toEqual([
      'Release',
      'Track 1: Night Bus',
      'Track 2: First Light',
      'Catalogue items',
    ]);
    expect(groups[1]?.fields.map((field) => [field.short, field.label])).toEqual([
      ['Audio', 'The audio of track 1 "Night Bus"'],
      ['Title', 'The title of track 1 "Night Bus"'],
      ['ISRC', 'The ISRC of track 1 "Night Bus"'],
      ['Contributors', 'The contributors of track 1 "Night Bus"'],
      ['Master splits', 'The master splits of track 1 "Night Bus"'],
    ]);
    expect(groups[3]?.fields[0]?.key).toBe(`catalogueItem:${item.catalogueItems[0]?.catalogueItemId}`);
    const transfer = listMarkableFields(detail({ uploadType: 'transfer', tracks: [] }));
    expect(transfer.map((group) => group.title)).toEqual(['Catalogue items']);
  });
});

describe('the request changes panel', () => {
  it('marks fields with notes, fills the message from a template, and sends them in order', async () => {
    const api = mockApi(
      answerReview({
        item,
        templates: [template, decisionTemplate()],
        other: ({ method, url }) => {
          if (url.pathname.endsWith('/decision-message'))
            return {
              status: 200,
              body: {
                success: true,
                templateId: template.templateId,
                kind: 'request_changes',
                name: template.name,
                message: 'Hi Maya Rivers, a few fixes to "First Light" please.',
              },
            };
          if (method === 'POST')
            return {
              status: 200,
              body: {
                success: true,
                item: { ...item, status: 'changes_requested', canRequestChanges: false },
                round: {
                  roundId: 'r1',
                  number: 1,
                  status: 'open',
                  fromStatus: 'pending',
                  requestedAt: '2026-11-21T10:00:00.000Z',
                  requestedBy: 'Sam Staff',
                  message: 'edited',
                  template: { templateId: template.templateId, name: template.name },
                  fields: [
                    { key: 'artwork', field: 'artwork', label: 'The artwork', note: 'n' },
                    { key: 't', field: 'trackTitle', trackId: first?.trackId, label: 'The title', note: 'n' },
                  ],
                  resubmittedAt: null,
                  resubmittedBy: null,
                  artistComment: null,
                  closedAt: null,
                  closedBy: null,
                  changes: [],
                },
              },
            };
          return undefined;
        },
      }),
    );
    const user = userEvent.setup();
    renderPanel();
    const panel = screen.getByRole('region', { name: 'Request changes' });
    await user.click(within(panel).getByRole('button', { name: 'Mark fields to change' }));
    const release = within(panel).getByRole('group', { name: 'Release' });
    // Focus moves into the form it opened.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(release).getByRole('checkbox', { name: 'Artwork' })),
    );

    // Nothing marked, then a mark without its note: the domain's words.
    await user.click(within(panel).getByRole('button', { name: 'Send change request' }));
    expect(within(panel).getByRole('alert').textContent).toBe(FLAG_AT_LEAST_ONE);
    await user.click(within(release).getByRole('checkbox', { name: 'Artwork' }));
    await user.click(within(panel).getByRole('button', { name: 'Send change request (1 field)' }));
    expect(within(panel).getByRole('alert').textContent).toBe(FLAG_NOTE_REQUIRED);
    const artworkNote = within(panel).getByRole('textbox', { name: 'Note: The artwork' });
    expect(artworkNote.getAttribute('aria-invalid')).toBe('true');

    await write(user, artworkNote, 'Remove the watermark.');
    const track2 = within(panel).getByRole('group', { name: 'Track 2: First Light' });
    await user.click(within(track2).getByRole('checkbox', { name: 'Title' }));
    await write(
      user,
      within(panel).getByRole('textbox', { name: 'Note: The title of track 2 "First Light"' }),
      'Spell it First Light (Reprise).',
    );
    // Unmarking forgets the note.
    const track1 = within(panel).getByRole('group', { name: 'Track 1: Night Bus' });
    await user.click(within(track1).getByRole('checkbox', { name: 'ISRC' }));
    await user.click(within(track1).getByRole('checkbox', { name: 'ISRC' }));
    expect(within(panel).queryByRole('textbox', { name: /^Note: The ISRC/ })).toBeNull();

    // Only the request-changes templates are offered; picking one fills the message, which stays editable.
    await user.click(within(panel).getByRole('combobox', { name: 'Template (Request changes)' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['No template: write the message', 'A few fixes']);
    await user.click(screen.getByRole('option', { name: 'A few fixes' }));
    const message = within(panel).getByRole('textbox', { name: 'Message to the artist (optional)' });
    await waitFor(() =>
      expect((message as HTMLTextAreaElement).value).toBe(
        'Hi Maya Rivers, a few fixes to "First Light" please.',
      ),
    );
    expect(
      api.requests
        .find((r) => r.url.pathname.endsWith('/decision-message'))
        ?.url.searchParams.get('templateId'),
    ).toBe(template.templateId);
    await write(user, message, ' Thanks!');

    await user.click(within(panel).getByRole('button', { name: 'Send change request (2 fields)' }));
    expect((await within(panel).findByRole('status')).textContent).toContain(
      'Changes requested: 2 fields marked. The artist has been e-mailed.',
    );
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/board/items/${item.itemId}/change-requests`);
    expect(post?.body).toEqual({
      fields: [
        { field: 'artwork', note: 'Remove the watermark.' },
        { field: 'trackTitle', trackId: first?.trackId, note: 'Spell it First Light (Reprise).' },
      ],
      message: 'Hi Maya Rivers, a few fixes to "First Light" please. Thanks!',
      templateId: template.templateId,
    });
    // The form closed; focus is back on the button that opens it.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(panel).getByRole('button', { name: 'Mark fields to change' }),
      ),
    );
  });

  it('puts the server’s refusal of a field on its note, in the server’s words', async () => {
    const refusal = 'The track named is not part of this submission';
    mockApi(
      answerReview({
        item,
        other: ({ method }) =>
          method === 'POST'
            ? {
                status: 400,
                body: { success: false, error: refusal, details: [{ field: 'fields.0', message: refusal }] },
              }
            : undefined,
      }),
    );
    const user = userEvent.setup();
    renderPanel();
    const panel = screen.getByRole('region', { name: 'Request changes' });
    await user.click(within(panel).getByRole('button', { name: 'Mark fields to change' }));
    const track1 = within(panel).getByRole('group', { name: 'Track 1: Night Bus' });
    await user.click(within(track1).getByRole('checkbox', { name: 'Audio' }));
    const note = within(panel).getByRole('textbox', { name: `Note: The audio of track 1 "${night?.title}"` });
    await write(user, note, 'Clipping at 1:20.');
    await user.click(within(panel).getByRole('button', { name: 'Send change request (1 field)' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(refusal);
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(panel.textContent).toContain(refusal);
  });

  it('says when changes cannot be asked for, and that a request is open', () => {
    mockApi(answerReview({ item }));
    const { unmount } = renderPanel({ ...item, status: 'approved', canRequestChanges: false });
    expect(screen.getByRole('region', { name: 'Request changes' }).textContent).toContain(
      'Changes can be requested while a submission is Pending, In Progress or Processing; this one is Approved.',
    );
    unmount();
    renderPanel({ ...item, status: 'changes_requested', canRequestChanges: false });
    expect(screen.getByRole('region', { name: 'Request changes' }).textContent).toContain(
      'Waiting for the artist to send the marked fields back.',
    );
    expect(screen.queryByRole('button', { name: 'Mark fields to change' })).toBeNull();
  });

  it('points to the templates page when there are no templates of the kind', async () => {
    mockApi(answerReview({ item, templates: [decisionTemplate()] }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Mark fields to change' }));
    const link = await screen.findByRole('link', { name: 'Create one on the templates page' });
    expect(link.getAttribute('href')).toBe('/admin/templates');
    expect(screen.getByText(/No templates to request changes yet\./)).toBeTruthy();
  });
});

/** The panel and a button beside it that asks for one field, as the delivery checklist does. */
function PanelWithAsker() {
  const [mark, setMark] = useState<ChangeRequestMark | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => setMark({ target: { field: 'trackAudio', trackId: night?.trackId ?? '' } })}
      >
        Ask for the audio
      </button>
      <RequestChangesPanel item={item} mark={mark} />
    </>
  );
}

describe('marking a field from elsewhere on the page', () => {
  it('opens with the field marked and its note focused, each time it is asked', async () => {
    mockApi(answerReview({ item }));
    const user = userEvent.setup();
    renderStaffPage(PanelWithAsker, '/details/:submissionId', path);
    const panel = screen.getByRole('region', { name: 'Request changes' });
    await user.click(screen.getByRole('button', { name: 'Ask for the audio' }));
    const track1 = await within(panel).findByRole('group', { name: 'Track 1: Night Bus' });
    expect((within(track1).getByRole('checkbox', { name: 'Audio' }) as HTMLInputElement).checked).toBe(true);
    const note = within(panel).getByRole('textbox', { name: 'Note: The audio of track 1 "Night Bus"' });
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(within(panel).getAllByRole('checkbox', { checked: true })).toHaveLength(1);

    // Cancelled, then asked again: it opens again with the field marked.
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('form', { name: 'Fields to change' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask for the audio' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(panel).getByRole('textbox', { name: 'Note: The audio of track 1 "Night Bus"' }),
      ),
    );
  });

  it('marks nothing while no change request can be sent', async () => {
    mockApi(answerReview({ item }));
    renderStaffPage(
      () => (
        <RequestChangesPanel
          item={{ ...item, status: 'live', canRequestChanges: false }}
          mark={{ target: { field: 'artwork' } }}
        />
      ),
      '/details/:submissionId',
      path,
    );
    const panel = screen.getByRole('region', { name: 'Request changes' });
    expect(within(panel).queryByRole('form', { name: 'Fields to change' })).toBeNull();
    expect(within(panel).queryByRole('checkbox')).toBeNull();
  });
});
