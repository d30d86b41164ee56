import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryAttemptView, DeliveryView } from '../../domain';
import {
  answerReview,
  detail,
  mockApi,
  type RecordedRequest,
  renderStaffPage,
} from '../pages/staff/board/board-test-helpers';
import { SubmissionDetailsPage } from '../pages/staff/submission-details-page';
import { DeliverySection } from './delivery-section';

afterEach(() => vi.restoreAllMocks());

const ITEM_ID = '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10';
const NIGHT_BUS = '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e51';
const FIRST_LIGHT = '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e52';
const DELIVERY_PATH = `/api/deliveries/${ITEM_ID}`;
const SHA_AUDIO = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2';
const SHA_COVER = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';

const ok = (key: string, label: string, trackId?: string) => ({
  key,
  label,
  ok: true,
  ...(trackId ? { trackId } : {}),
});

const SFTP = { kind: 'sftp' as const, description: 'sftp://imprint@dsp.example/inbox' };
const S3 = { kind: 's3' as const, description: 's3://stores-bucket/imprint/' };

function notReady(overrides: Partial<DeliveryView> = {}): DeliveryView {
  return {
    submissionId: ITEM_ID,
    ready: false,
    checks: [
      ok('approved', 'Approved'),
      {
        key: 'sender',
        label: "Label's DDEX Party ID",
        ok: false,
        problem: 'set DDEX_PARTY_ID to the label’s DPID',
        fix: { kind: 'configure', variable: 'DDEX_PARTY_ID' },
      },
      { key: 'icpn', label: 'UPC (ICPN)', ok: false, problem: 'not assigned yet', fix: { kind: 'assign' } },
      ok('title', 'Release title'),
      {
        key: 'cover',
        label: 'Front cover (3000 × 3000 JPEG)',
        ok: false,
        problem: 'the artwork is 1400 × 1400 px; stores need 3000 × 3000',
        fix: { kind: 'request', field: 'artwork' },
      },
      {
        key: 'schedule',
        label: 'Signed release schedule',
        ok: false,
        problem: 'waiting for the artist’s signature',
        fix: { kind: 'wait' },
      },
      {
        key: 'track.isrc',
        label: 'Track 1 “Night Bus”: ISRC',
        ok: false,
        problem: 'not assigned yet',
        fix: { kind: 'assign' },
        trackId: NIGHT_BUS,
      },
      ok('track.title', 'Track 1 “Night Bus”: title', NIGHT_BUS),
      ok('track.isrc', 'Track 2 “First Light”: ISRC', FIRST_LIGHT),
      {
        key: 'track.pLine',
        label: 'Track 2 “First Light”: P-line year',
        ok: false,
        problem: 'no production year',
        fix: { kind: 'edit', field: 'pLine' },
        trackId: FIRST_LIGHT,
      },
      ok('cLine', 'C-line'),
    ],
    missing: [],
    identifiers: {
      icpn: null,
      icpnOrigin: null,
      tracks: [
        { trackId: NIGHT_BUS, position: 1, title: 'Night Bus', isrc: null, isrcOrigin: null },
        {
          trackId: FIRST_LIGHT,
          position: 2,
          title: 'First Light',
          isrc: 'GB-ABC-26-00001',
          isrcOrigin: 'artist',
        },
      ],
      canAssignIsrc: false,
      canAssignIcpn: false,
    },
    lines: {
      pLine: { year: null, owner: null },
      cLine: { year: 2027, owner: 'Maya Rivers' },
      defaultOwner: 'Imprint Records',
    },
    preview: null,
    targets: [],
    demoSender: false,
    state: null,
    changedSinceDelivery: false,
    log: [],
    ...overrides,
  };
}

function attempt(overrides: Partial<DeliveryAttemptView> = {}): DeliveryAttemptView {
  return {
    id: '0b7e2f7c-4444-4a2b-8c3d-5e6f7a8b9c01',
    target: 'sftp',
    targetDescription: SFTP.description,
    kind: 'initial',
    messageId: 'IMP-0602577000005-1',
    batchId: '20270101090000000',
    status: 'acknowledged',
    tries: 1,
    error: null,
    acknowledgement: { fileName: 'ACK_1.xml', status: 'MessageAcknowledged', text: 'Ingested' },
    requestedBy: 'sam@label.example',
    takedownDate: null,
    createdAt: '2027-01-02T09:00:00.000Z',
    sentAt: '2027-01-02T09:00:05.000Z',
    finishedAt: '2027-01-02T10:00:00.000Z',
    ...overrides,
  };
}

function ready(overrides: Partial<DeliveryView> = {}): DeliveryView {
  return notReady({
    ready: true,
    checks: notReady().checks.map((check) => ({
      key: check.key,
      label: check.label,
      ok: true,
      ...(check.trackId ? { trackId: check.trackId } : {}),
    })),
    identifiers: {
      ...notReady().identifiers,
      icpn: '0602577000005',
      icpnOrigin: 'label',
      tracks: notReady().identifiers.tracks.map((track) =>
        track.trackId === NIGHT_BUS ? { ...track, isrc: 'GB-XYZ-27-00001', isrcOrigin: 'label' } : track,
      ),
    },
    preview: {
      icpn: '0602577000005',
      title: 'First Light',
      releaseType: 'EP',
      displayArtist: 'Maya Rivers',
      labelName: 'Imprint Records',
      genre: 'Pop / Indie Pop',
      releaseDate: '2027-03-05',
      pLine: '(P) 2025 Imprint Records',
      cLine: '(C) 2027 Maya Rivers',
      cover: { fileName: '0602577000005_cover.jpg', bytes: 2_400_000, sha256: SHA_COVER },
      durationSeconds: 393,
      tracks: [
        {
          position: 1,
          isrc: 'GB-XYZ-27-00001',
          title: 'Night Bus',
          displayArtist: 'Maya Rivers',
          credits: [{ name: 'Leo Park', roles: ['Producer', 'Mixing Engineer'] }],
          durationSeconds: 192,
          parentalWarning: 'Explicit',
          pLine: '(P) 2026 Imprint Records',
          fileName: '0602577000005_01_01.wav',
          format: 'WAV 24-bit 44.1 kHz stereo',
          sha256: SHA_AUDIO,
        },
        {
          position: 2,
          isrc: 'GB-ABC-26-00001',
          title: 'First Light',
          displayArtist: 'Maya Rivers',
          credits: [],
          durationSeconds: 201,
          parentalWarning: 'Not explicit',
          pLine: '(P) 2025 Imprint Records',
          fileName: '0602577000005_01_02.wav',
          format: 'WAV 16-bit 48 kHz stereo',
          sha256: SHA_COVER,
        },
      ],
      deals: [
        'Worldwide from 2027-03-05: streaming (subscription and ad-supported)',
        'Worldwide from 2027-03-05: permanent download',
      ],
    },
    targets: [SFTP, S3],
    demoSender: true,
    state: 'delivered',
    log: [
      attempt({
        id: '0b7e2f7c-4444-4a2b-8c3d-5e6f7a8b9c02',
        target: 's3',
        targetDescription: S3.description,
        messageId: 'IMP-0602577000005-2',
        status: 'failed',
        tries: 5,
        error: 'The bucket refused the upload: access denied.',
        acknowledgement: null,
        createdAt: '2027-01-03T09:00:00.000Z',
      }),
      attempt(),
    ],
    ...overrides,
  });
}

type Answer = { status: number; body: unknown };

function answerDelivery(view: DeliveryView, other?: (request: RecordedRequest) => Answer | undefined) {
  return (request: RecordedRequest): Answer => {
    const answer = other?.(request);
    if (answer) return answer;
    return { status: 200, body: { success: true, delivery: view } };
  };
}

function renderSection() {
  return renderStaffPage(() => <DeliverySection submissionId={ITEM_ID} />, '/page', '/page');
}

async function findSection() {
  const section = await screen.findByRole('region', { name: 'Delivery' });
  await within(section).findByRole('heading', { level: 3, name: 'Identifiers and lines' });
  return section;
}

describe('the delivery section', () => {
  it('lists what is missing, grouped, each with its fix, and offers nothing that cannot work yet', async () => {
    const api = mockApi(answerDelivery(notReady()));
    renderSection();
    expect(screen.getByRole('status').textContent).toContain('Loading the delivery...');
    const section = await findSection();
    expect(api.requests[0]?.url.pathname).toBe(DELIVERY_PATH);

    expect(within(section).getByText('6 items missing')).toBeTruthy();
    const checklist = within(section).getByRole('list', { name: 'Delivery checklist' });
    const release = within(checklist).getByRole('list', { name: 'Release' });
    const items = within(release).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split(' — ')[0])).toEqual([
      'Done: Approved',
      "Missing: Label's DDEX Party ID",
      'Missing: UPC (ICPN)',
      'Done: Release title',
      'Missing: Front cover (3000 × 3000 JPEG)',
      'Missing: Signed release schedule',
      'Done: C-line',
    ]);
    expect(items[1]?.textContent).toContain('Set DDEX_PARTY_ID in the server’s configuration');
    expect(items[5]?.textContent).toContain('waiting for the artist’s signature');
    expect(within(items[5] as HTMLElement).queryByRole('button')).toBeNull();
    // Without a change request to open, the artwork's fix says how to ask.
    expect(items[4]?.textContent).toContain('Ask the artist for it with a change request.');

    // Each track's checks under its own heading, by their short names.
    const night = within(checklist).getByRole('list', { name: 'Track 1 “Night Bus”' });
    expect(
      within(night)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(' — ')[0]),
    ).toEqual(['Missing: ISRC', 'Done: Title']);
    const first = within(checklist).getByRole('list', { name: 'Track 2 “First Light”' });
    expect(within(first).getByRole('button', { name: 'Edit the P-line' })).toBeTruthy();

    // No prefix is configured: the codes cannot be assigned, and the button says why.
    const assign = within(section).getByRole('button', { name: 'Assign ISRC and UPC' });
    expect(assign.hasAttribute('disabled')).toBe(true);
    expect(section.textContent).toContain(
      'Set ISRC_PREFIX / UPC_PREFIX to assign codes, or enter them by hand.',
    );
    expect(within(night).getByRole('button', { name: 'Enter by hand the ISRC of track 1' })).toBeTruthy();

    // Not ready: the downloads are disabled with the reason, no target is configured, nothing sent.
    const download = within(section).getByRole('button', { name: 'Download package' });
    expect(download.hasAttribute('disabled')).toBe(true);
    expect(download.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(download.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Not ready: 6 items are missing from the checklist above.',
    );
    expect(within(section).queryByRole('link', { name: /Download/ })).toBeNull();
    expect(section.textContent).toContain(
      'No delivery target is configured: set DELIVERY_SFTP_URL or DELIVERY_S3_BUCKET',
    );
    expect(within(section).queryByRole('heading', { name: 'What the message says' })).toBeNull();
    expect(within(section).getByText('Not delivered yet.')).toBeTruthy();

    // Identifiers with where they came from; the lines with their defaults.
    const codes = within(section).getByRole('table', { name: 'Identifiers and lines' });
    const rows = within(codes)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('UPC (ICPN)Not assigned—');
    expect(rows).toContain('Track 2 “First Light”: ISRCGB-ABC-26-00001From the artist');
    expect(rows).toContain('P-lineearliest production year · Imprint Records (the label)Default');
    expect(rows).toContain('C-line2027 · Maya RiversEntered by staff');
  });

  it('assigns the missing codes when the prefixes are configured', async () => {
    const assigned = ready({ log: [], state: null, targets: [] });
    const api = mockApi(
      answerDelivery(
        notReady({ identifiers: { ...notReady().identifiers, canAssignIsrc: true, canAssignIcpn: true } }),
        ({ method, url }) =>
          method === 'POST' && url.pathname === `${DELIVERY_PATH}/identifiers`
            ? { status: 200, body: { success: true, delivery: assigned } }
            : undefined,
      ),
    );
    renderSection();
    const section = await findSection();
    expect(section.textContent).not.toContain('to assign codes');
    await userEvent.click(within(section).getByRole('button', { name: 'Assign ISRC and UPC' }));
    expect(await within(section).findByText('Ready for delivery')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.url.pathname).toBe(`${DELIVERY_PATH}/identifiers`);
    expect(within(section).queryByRole('button', { name: /^Assign/ })).toBeNull();
  });

  it('shows a ready release: what the message says, the downloads, each target and the log', async () => {
    mockApi(answerDelivery(ready()));
    renderSection();
    const section = await findSection();
    expect(within(section).getByText('Delivered')).toBeTruthy();
    expect(within(section).getByText('Ready for delivery')).toBeTruthy();
    // The checks fold away once everything is there.
    const toggle = within(section).getByRole('button', { name: 'Show the 11 checks' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(section).queryByRole('list', { name: 'Delivery checklist' })).toBeNull();
    await userEvent.click(toggle);
    expect(within(section).getByRole('list', { name: 'Delivery checklist' })).toBeTruthy();

    expect(within(section).getByRole('heading', { level: 3, name: 'What the message says' })).toBeTruthy();
    expect(section.textContent).toContain(
      'Demo sender: messages are marked as test messages until DDEX_PARTY_ID is set.',
    );
    const term = (label: string) =>
      within(section)
        .getAllByRole('term')
        .find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;
    expect(term('UPC (ICPN)')).toBe('0602577000005');
    expect(term('Type')).toBe('EP');
    expect(term('Release date')).toBe('March 5, 2027');
    expect(term('P-line')).toBe('(P) 2025 Imprint Records');
    expect(term('Total duration')).toBe('6:33');
    expect(term('Cover')).toBe('0602577000005_cover.jpg · 2.3 MB · ffeeddccbbaa…');

    const tracks = within(section).getByRole('table', { name: 'Tracks in the message (2)' });
    const night = within(tracks).getAllByRole('row')[1] as HTMLElement;
    const cells = within(night)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '1',
      'Maya Rivers',
      'GB-XYZ-27-00001',
      '3:12',
      'Explicit',
      'Leo Park (Producer, Mixing Engineer)',
      '0602577000005_01_01.wavWAV 24-bit 44.1 kHz stereo · a1b2c3d4e5f6…',
    ]);
    expect(night.querySelector('abbr')?.getAttribute('title')).toBe(`SHA-256 ${SHA_AUDIO}`);
    expect(section.textContent).toContain('Worldwide from 2027-03-05: permanent download');

    const pack = within(section).getByRole('link', { name: 'Download package' });
    expect(pack.getAttribute('href')).toBe(`${DELIVERY_PATH}/package.zip`);
    expect(pack.hasAttribute('download')).toBe(true);
    expect(
      within(section).getByRole('link', { name: 'Download DDEX message (XML)' }).getAttribute('href'),
    ).toBe(`${DELIVERY_PATH}/ern.xml`);
    // Acknowledged at the SFTP target: an update and a takedown there; the failed S3 delivery is a first one.
    expect(within(section).getByRole('button', { name: `Send update to ${SFTP.description}` })).toBeTruthy();
    expect(within(section).getByRole('button', { name: `Take down from ${SFTP.description}` })).toBeTruthy();
    expect(within(section).getByRole('button', { name: `Deliver to ${S3.description}` })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: `Take down from ${S3.description}` })).toBeNull();

    const log = within(section).getByRole('table', { name: 'Delivery log' });
    const [failed, acknowledged] = within(log).getAllByRole('row').slice(1);
    expect(failed?.textContent).toContain(S3.description);
    expect(failed?.textContent).toContain('Initial delivery');
    expect(failed?.textContent).toContain('Failed');
    expect(failed?.textContent).toContain('The bucket refused the upload: access denied.');
    expect(acknowledged?.textContent).toContain('IMP-0602577000005-1');
    expect(acknowledged?.textContent).toContain('Acknowledged');
    expect(acknowledged?.textContent).toContain('Store’s acknowledgement: MessageAcknowledged — Ingested');
    expect(acknowledged?.querySelector('time')?.getAttribute('dateTime')).toBe('2027-01-02T09:00:00.000Z');
  });

  it('edits the codes and lines: sends what changed, and shows the server’s refusal in its words', async () => {
    let refuse = true;
    const saved = notReady({
      identifiers: { ...notReady().identifiers, icpn: '0036000291452', icpnOrigin: 'staff' },
    });
    const api = mockApi(
      answerDelivery(notReady(), ({ method }) => {
        if (method !== 'PUT') return undefined;
        if (refuse)
          return {
            status: 409,
            body: {
              success: false,
              error:
                'The UPC 0036000291452 is already used by “Old Harbour”. Each release and track needs its own.',
            },
          };
        return { status: 200, body: { success: true, delivery: saved } };
      }),
    );
    const user = userEvent.setup();
    renderSection();
    const section = await findSection();
    await user.click(within(section).getByRole('button', { name: 'Edit identifiers and lines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit identifiers and lines' });
    const upc = within(dialog).getByRole('textbox', { name: 'UPC (ICPN)' });
    expect(document.activeElement).toBe(upc);
    expect(within(dialog).getByRole('textbox', { name: 'P-line owner' }).getAttribute('placeholder')).toBe(
      'Imprint Records',
    );

    // A mistyped check digit is caught before the server is asked.
    await user.type(upc, '036000291453');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(/The UPC's check digit is wrong/)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(upc);
    await user.type(upc, '036000291452');
    const isrc = within(dialog).getByRole('textbox', { name: 'Track 1 “Night Bus”: ISRC' });
    await user.type(isrc, 'GB-XYZ-27-00009');
    await user.type(within(dialog).getByRole('textbox', { name: 'P-line year' }), '2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The UPC 0036000291452 is already used by “Old Harbour”. Each release and track needs its own.',
    );
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.url.pathname).toBe(DELIVERY_PATH);
    // Only what changed: the C-line and the second track's ISRC are left out.
    expect(put?.body).toEqual({
      icpn: '036000291452',
      tracks: [{ trackId: NIGHT_BUS, isrc: 'GB-XYZ-27-00009' }],
      pLine: { year: 2026, owner: null },
    });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(section).getByRole('table', { name: 'Identifiers and lines' }).textContent).toContain(
      '0036000291452Entered by staff',
    );
  });

  it('opens the editor on the field a fix names', async () => {
    mockApi(answerDelivery(notReady()));
    const user = userEvent.setup();
    renderSection();
    const section = await findSection();
    await user.click(within(section).getByRole('button', { name: 'Enter by hand the ISRC of track 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit identifiers and lines' });
    expect(document.activeElement).toBe(
      within(dialog).getByRole('textbox', { name: 'Track 1 “Night Bus”: ISRC' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(section).getByRole('button', { name: 'Edit the P-line' }));
    const again = await screen.findByRole('dialog', { name: 'Edit identifiers and lines' });
    expect(document.activeElement).toBe(within(again).getByRole('textbox', { name: 'P-line year' }));
  });

  it('delivers to a target after confirming, and follows the attempt until it is sent', async () => {
    const queued = attempt({
      id: '0b7e2f7c-4444-4a2b-8c3d-5e6f7a8b9c03',
      target: 's3',
      targetDescription: S3.description,
      messageId: 'IMP-0602577000005-3',
      status: 'queued',
      tries: 0,
      acknowledgement: null,
      createdAt: '2027-01-04T09:00:00.000Z',
      sentAt: null,
      finishedAt: null,
    });
    let current = ready();
    const api = mockApi(
      answerDelivery(current, ({ method, url }) => {
        if (method === 'POST' && url.pathname === `${DELIVERY_PATH}/deliver`) {
          current = ready({ state: 'delivering', log: [queued, ...ready().log] });
          return { status: 202, body: { success: true, attempt: queued } };
        }
        if (method === 'GET' && url.pathname === DELIVERY_PATH) {
          const answer = { status: 200, body: { success: true, delivery: current } };
          // The job picks it up: the next read finds it sent.
          if (current.log[0]?.status === 'queued')
            current = ready({
              state: 'delivered',
              log: [{ ...queued, status: 'sent', tries: 1 }, ...ready().log],
            });
          return answer;
        }
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderSection();
    const section = await findSection();
    await user.click(within(section).getByRole('button', { name: `Deliver to ${S3.description}` }));
    const dialog = await screen.findByRole('dialog', { name: `Deliver to ${S3.description}?` });
    expect(dialog.textContent).toContain('The package of “First Light”');
    expect(dialog.textContent).toContain('The demo sender marks this as a test message.');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deliver' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe(`${DELIVERY_PATH}/deliver`);
    expect(post?.body).toEqual({ target: 's3' });
    expect(within(section).getByText(`Delivery to ${S3.description} queued.`)).toBeTruthy();
    const log = within(section).getByRole('table', { name: 'Delivery log' });
    expect(within(log).getAllByRole('row')[1]?.textContent).toContain('Queued');
    // Read again every 2 s while it is queued: it shows sent, and the reading stops.
    await waitFor(
      () =>
        expect(within(log).getAllByRole('row')[1]?.textContent).toContain('Sent — awaiting acknowledgement'),
      { timeout: 5_000 },
    );
    const reads = api.requests.filter((r) => r.method === 'GET').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.requests.filter((r) => r.method === 'GET')).toHaveLength(reads);
  });

  it('takes a release down from a target on the day chosen', async () => {
    const api = mockApi(
      answerDelivery(ready({ changedSinceDelivery: true }), ({ method }) =>
        method === 'POST'
          ? {
              status: 202,
              body: {
                success: true,
                attempt: attempt({
                  id: '0b7e2f7c-4444-4a2b-8c3d-5e6f7a8b9c04',
                  kind: 'takedown',
                  status: 'queued',
                }),
              },
            }
          : undefined,
      ),
    );
    const user = userEvent.setup();
    renderSection();
    const section = await findSection();
    // Changed since: said once; each target's button still names what the server will send there.
    expect(section.textContent).toContain('The release changed since its last delivery');
    expect(within(section).getByRole('button', { name: `Send update to ${SFTP.description}` })).toBeTruthy();
    expect(within(section).getByRole('button', { name: `Deliver to ${S3.description}` })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: `Take down from ${SFTP.description}` }));
    const dialog = await screen.findByRole('dialog', { name: `Take down from ${SFTP.description}?` });
    await user.type(within(dialog).getByLabelText('Takedown date (optional)'), '2027-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Take down' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe(`${DELIVERY_PATH}/takedown`);
    expect(post?.body).toEqual({ target: 'sftp', date: '2027-06-30' });
  });

  it('says when the delivery cannot load, and Retry loads it', async () => {
    let calls = 0;
    // The query tries a failed load once more before it says so.
    mockApi(() =>
      ++calls <= 2
        ? { status: 500, body: { success: false, error: 'Internal server error' } }
        : { status: 200, body: { success: true, delivery: notReady() } },
    );
    renderSection();
    expect(
      await screen.findByText(
        /The delivery could not be loaded: Internal server error/,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('6 items missing')).toBeTruthy();
  });
});

describe('the delivery section on the submission page', () => {
  it('asks the artist from a fix: the change request opens with the field marked', async () => {
    const item = detail({
      status: 'approved',
      uploadType: 'new-music',
      catalogueItems: [],
      canRequestChanges: true,
    });
    mockApi(
      answerReview({
        item,
        other: ({ url }) => {
          if (url.pathname === DELIVERY_PATH)
            return { status: 200, body: { success: true, delivery: notReady() } };
          if (url.pathname === '/api/release-schedules')
            return { status: 200, body: { success: true, schedule: null } };
          if (url.pathname.endsWith('/key-dates'))
            return { status: 200, body: { success: true, keyDates: null } };
          return undefined;
        },
      }),
    );
    const user = userEvent.setup();
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', `/details/${item.itemId}`);
    const section = await findSection();
    const changes = screen.getByRole('region', { name: 'Request changes' });
    expect(within(changes).queryByRole('form', { name: 'Fields to change' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Request from artist (the artwork)' }));
    const form = await within(changes).findByRole('form', { name: 'Fields to change' });
    expect((within(form).getByRole('checkbox', { name: 'Artwork' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Release date' }) as HTMLInputElement).checked).toBe(
      false,
    );
    const note = within(form).getByRole('textbox', { name: 'Note: The artwork' });
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(within(form).getByRole('button', { name: 'Send change request (1 field)' })).toBeTruthy();
  });

  it('says how to ask the artist when no change request can be sent now', async () => {
    const item = detail({
      status: 'live',
      uploadType: 'new-music',
      catalogueItems: [],
      canRequestChanges: false,
      nextStatuses: ['active'],
    });
    mockApi(
      answerReview({
        item,
        other: ({ url }) => {
          if (url.pathname === DELIVERY_PATH)
            return { status: 200, body: { success: true, delivery: notReady() } };
          if (url.pathname === '/api/release-schedules')
            return { status: 200, body: { success: true, schedule: null } };
          if (url.pathname.endsWith('/key-dates'))
            return { status: 200, body: { success: true, keyDates: null } };
          return undefined;
        },
      }),
    );
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', `/details/${item.itemId}`);
    const section = await findSection();
    expect(within(section).queryByRole('button', { name: /Request from artist/ })).toBeNull();
    expect(section.textContent).toContain(
      'The artist cannot be asked for changes while the release is Live.',
    );
  });
});
