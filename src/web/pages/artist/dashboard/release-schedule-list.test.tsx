import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReleaseScheduleSummary } from '../../../../domain';
import { ITEM_IDS, mockApi, profile, renderArtistPage } from '../common/artist-test-helpers';
import { DashboardPage } from '../dashboard-page';

afterEach(() => vi.restoreAllMocks());

const REQUEST_IDS = {
  waiting: '7a1b2c3d-0000-4e5f-8a9b-000000000001',
  signed: '7a1b2c3d-0000-4e5f-8a9b-000000000002',
  sealing: '7a1b2c3d-0000-4e5f-8a9b-000000000003',
};

function schedule(overrides: Partial<ReleaseScheduleSummary> = {}): ReleaseScheduleSummary {
  return {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    submissionId: ITEM_IDS.approved,
    releaseTitle: 'Golden Hour',
    version: 1,
    state: 'awaiting_signature',
    createdAt: '2026-11-22T10:00:00.000Z',
    signatureRequestId: REQUEST_IDS.waiting,
    verifyPath: `/contracts/${REQUEST_IDS.waiting}/verify`,
    ...overrides,
  };
}

const SEALED = schedule({
  id: 'c0ffee00-0000-4000-8000-000000000002',
  submissionId: ITEM_IDS.live,
  releaseTitle: 'Paper Planes',
  version: 2,
  state: 'signed',
  signatureRequestId: REQUEST_IDS.signed,
  signedAt: '2026-11-21T09:30:00.000Z',
  sealedAt: '2026-11-21T09:30:05.000Z',
  documentUrl: `/api/contracts/${REQUEST_IDS.signed}/document`,
  verifyPath: `/contracts/${REQUEST_IDS.signed}/verify`,
});

const SUPERSEDED = schedule({
  id: 'c0ffee00-0000-4000-8000-000000000003',
  submissionId: ITEM_IDS.live,
  releaseTitle: 'Paper Planes',
  version: 1,
  state: 'superseded',
  supersededAt: '2026-11-20T12:00:00.000Z',
  signatureRequestId: REQUEST_IDS.sealing,
  verifyPath: `/contracts/${REQUEST_IDS.sealing}/verify`,
});

type Answer = { status: number; body: unknown };

/** The Contract Signing tab's reads: the profile, the agreement (none yet) and the schedules' list. */
function serve(schedules: () => Answer | Promise<never>) {
  return mockApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/artist/profile') return { status: 200, body: { success: true, profile: profile() } };
    if (path === '/api/contracts/current')
      return {
        status: 200,
        body: { success: true, artistId: '9a1e2f7c-2222-4a2b-8c3d-5e6f7a8b9c0d', hasSignedContract: false },
      };
    if (path === '/api/release-schedules/mine') return schedules() as Answer;
    return { status: 404, body: { success: false, error: 'Not found' } };
  });
}

const listed = (list: ReleaseScheduleSummary[]) => () => ({
  status: 200,
  body: { success: true, schedules: list },
});

function openTab() {
  return renderArtistPage(DashboardPage, '/dashboard', '/dashboard?tab=1');
}

/** The list's section, once its code (loaded with the tab) and its answer are in. */
async function schedulesRegion() {
  return screen.findByRole('region', { name: 'Release schedules' }, { timeout: 5_000 });
}

/** The list item of a release's version. */
function rowOf(region: HTMLElement, title: string, version: number) {
  const row = within(region)
    .getAllByRole('listitem')
    .find(
      (item) =>
        within(item).queryByRole('heading', { level: 3, name: title }) &&
        item.textContent?.includes(`Version ${version}`),
    );
  if (!row) throw new Error(`no row for ${title} v${version}`);
  return row;
}

describe('the release schedules on the Contract Signing tab', () => {
  it('lists each schedule beside the agreement with its state, version, signed date and the way to it', async () => {
    serve(listed([schedule(), SEALED, SUPERSEDED]));
    openTab();
    const region = await schedulesRegion();
    // Beside the agreement, in the same tab.
    const tabPanel = screen.getByRole('tabpanel');
    expect(
      await within(tabPanel).findByRole(
        'heading',
        { level: 2, name: 'Artist agreement' },
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(tabPanel.contains(region)).toBe(true);
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);

    const waiting = rowOf(region, 'Golden Hour', 1);
    expect(within(waiting).getByText('Awaiting your signature')).toBeTruthy();
    expect(
      within(waiting)
        .getByRole('link', { name: "Sign on the release's page of “Golden Hour”, version 1" })
        .getAttribute('href'),
    ).toBe(`/submission/${ITEM_IDS.approved}`);
    expect(within(waiting).queryByRole('link', { name: /Download signed PDF/ })).toBeNull();
    expect(within(waiting).queryByRole('link', { name: /Verify/ })).toBeNull();

    const sealed = rowOf(region, 'Paper Planes', 2);
    expect(within(sealed).getByText('Signed')).toBeTruthy();
    expect(sealed.textContent).toContain('signed on November 21, 2026');
    const download = within(sealed).getByRole('link', {
      name: 'Download signed PDF of “Paper Planes”, version 2',
    });
    expect(download.getAttribute('href')).toBe(`/api/contracts/${REQUEST_IDS.signed}/document`);
    // The browser saves it under the server's name (release-schedule-<release>-v<N>-signed.pdf).
    expect(download.getAttribute('download')).toBe('');
    expect(
      within(sealed).getByRole('link', { name: 'Verify of “Paper Planes”, version 2' }).getAttribute('href'),
    ).toBe(`/contracts/${REQUEST_IDS.signed}/verify`);
    expect(
      within(sealed)
        .getByRole('link', { name: /Open the release/ })
        .getAttribute('href'),
    ).toBe(`/submission/${ITEM_IDS.live}`);

    const superseded = rowOf(region, 'Paper Planes', 1);
    expect(within(superseded).getByText('Superseded: the release changed after approval')).toBeTruthy();
    expect(within(superseded).queryByRole('link', { name: /Download signed PDF/ })).toBeNull();
    expect(within(superseded).getByRole('link', { name: /Open the release/ })).toBeTruthy();
  });

  it('says when there are none yet', async () => {
    serve(listed([]));
    openTab();
    const region = await schedulesRegion();
    expect(region.textContent).toContain('No release schedules yet.');
    expect(within(region).queryByRole('list')).toBeNull();
  });

  it('says a signed copy is being prepared, and offers it once sealed', async () => {
    let answer: ReleaseScheduleSummary[] = [
      schedule({ state: 'signed', signedAt: '2026-11-21T09:30:00.000Z' }),
    ];
    serve(() => listed(answer)());
    openTab();
    const region = await schedulesRegion();
    expect(within(region).getByText('Preparing your signed copy…')).toBeTruthy();
    answer = [
      schedule({
        state: 'signed',
        signedAt: '2026-11-21T09:30:00.000Z',
        documentUrl: `/api/contracts/${REQUEST_IDS.waiting}/document`,
      }),
    ];
    expect(
      await within(region).findByRole('link', { name: /Download signed PDF/ }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(within(region).queryByText('Preparing your signed copy…')).toBeNull();
  });

  it('shows a status while it loads', async () => {
    serve(() => new Promise<never>(() => {}));
    openTab();
    expect(await screen.findByText('Loading your release schedules...')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Release schedules' })).toBeNull();
  });

  it('offers Retry when the list cannot be read, and shows it after', async () => {
    let fail = true;
    const api = serve(() =>
      fail ? { status: 500, body: { success: false, error: 'Internal Server Error' } } : listed([SEALED])(),
    );
    openTab();
    const alert = await screen.findByText(
      /Your release schedules could not be loaded: Internal Server Error/,
      {},
      { timeout: 5_000 },
    );
    // The agreement still shows.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Artist agreement' }, { timeout: 5_000 }),
    ).toBeTruthy();
    fail = false;
    const retry = within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
      name: 'Retry',
    });
    await userEvent.click(retry);
    const region = await schedulesRegion();
    expect(within(region).getByRole('heading', { level: 3, name: 'Paper Planes' })).toBeTruthy();
    await waitFor(() =>
      expect(
        api.requests.filter((request) => request.url.pathname === '/api/release-schedules/mine').length,
      ).toBeGreaterThanOrEqual(3),
    );
  }, 10_000);

  it('offers a sign-in back to the tab when the session has lapsed', async () => {
    serve(() => ({ status: 401, body: { success: false, error: 'Please sign in' } }));
    openTab();
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(`/login?returnTo=${encodeURIComponent('/dashboard?tab=1')}`);
  });
});
