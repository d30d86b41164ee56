import type { ComponentType } from 'react';
import type {
  BoardItemDetail,
  BoardItemSummary,
  BoardListResponse,
  BoardRow,
  DecisionTemplate,
  ReviewRound,
  StaffNote,
  TimelineEvent,
} from '../../../../domain';
import { renderPageAt } from '../../../test/render-page';

/** A staff page at `path` (a route pattern), opened at `entry`, in the app's real providers. */
export function renderStaffPage(Page: ComponentType, path: string, entry: string) {
  return renderPageAt(Page, path, entry);
}

import { imageMappingFor } from '../../../test/image-mapping-answer';
import type { RecordedRequest } from '../../../test/mock-api';

export { imageMappingFor, jpegVariantOf } from '../../../test/image-mapping-answer';
export { mockApi, type RecordedRequest } from '../../../test/mock-api';

export function summary(overrides: Partial<BoardItemSummary> = {}): BoardItemSummary {
  return {
    itemId: '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10',
    status: 'pending',
    itemName: 'Maya Rivers - First Light',
    artistName: 'Maya Rivers',
    releaseTitle: 'First Light',
    uploadType: 'new-music',
    releaseType: 'ep',
    releaseDate: '2027-03-05',
    createdAt: '2026-11-20T14:05:00.000Z',
    trackCount: 3,
    catalogueItemCount: 0,
    ...overrides,
  };
}

/** A list row: the summary with staff's private review and the preview. */
export function row(overrides: Partial<BoardRow> = {}): BoardRow {
  return {
    ...summary(),
    statusChangedAt: '2026-11-20T14:05:00.000Z',
    assignee: null,
    rating: null,
    preview: null,
    deliveryState: null,
    ...overrides,
  };
}

export function listAnswer(
  items: (BoardItemSummary | BoardRow)[],
  overrides: Partial<BoardListResponse> = {},
) {
  return {
    success: true,
    items: items.map((item) => ({
      statusChangedAt: item.createdAt,
      assignee: null,
      rating: null,
      preview: null,
      deliveryState: null,
      ...item,
    })),
    nextCursor: null,
    total: items.length,
    counts: {
      pending: 2,
      in_progress: 0,
      processing: 0,
      approved: 1,
      live: 0,
      active: 0,
      rejected: 0,
      failed: 0,
    },
    ...overrides,
  };
}

const ITEM_ID = '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10';

function signed(fileId: string, fileName: string, media: Record<string, unknown>, size: number) {
  // Relative to the page's origin, as the API answers.
  const base = `/files/${fileId}?expires=1900000000&signature=abcdefghijkl`;
  return {
    fileId,
    fileName,
    url: `${base}&disposition=inline`,
    downloadUrl: `${base}&disposition=attachment`,
    media,
    size,
  };
}

/** A submission as GET /api/board/items/:id answers it: new music and a transfer, every part filled. */
export function detail(overrides: Partial<BoardItemDetail> = {}): BoardItemDetail {
  return {
    ...summary({ uploadType: 'both', trackCount: 2, catalogueItemCount: 1 }),
    itemId: ITEM_ID,
    artistId: '9a1e2f7c-1111-4a2b-8c3d-5e6f7a8b9c0d',
    artist: {
      firstName: 'Maya',
      surname: 'Rivers',
      email: 'maya@example.com',
      phone: '+44 20 7946 0000',
      country: 'United Kingdom',
      city: 'London',
      spotifyProfile: 'https://open.spotify.com/artist/1a2b3c4d5e6f7g8h9i0j1k',
      instagramProfile: 'https://instagram.com/mayarivers',
      tiktokProfile: '',
    },
    releaseStrategy: 'singles_first',
    primaryGenre: 'Pop',
    subGenre: 'Indie Pop',
    earlyReleaseRequest: true,
    earlyReleaseReason: 'Tour starts in February',
    distributor: 'DistroKid',
    bio: 'Songs written on the night bus.',
    influences: 'Phoebe Bridgers, Bon Iver',
    proNumber: 'PRS-123456',
    publishingAdministrationInterest: true,
    artwork: signed(
      'aaaaaaaa-0000-4000-8000-000000000001',
      'cover.jpg',
      { kind: 'image', format: 'jpeg', width: 3000, height: 3000, space: 'srgb' },
      2_400_000,
    ),
    tracks: [
      {
        trackId: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e51',
        position: 0,
        title: 'Night Bus',
        audio: signed(
          'aaaaaaaa-0000-4000-8000-000000000002',
          'night-bus.wav',
          {
            kind: 'audio',
            format: 'wav',
            channels: 2,
            sampleRate: 44_100,
            bitDepth: 24,
            durationSeconds: 192.4,
          },
          50_000_000,
        ),
        customArtwork: signed(
          'aaaaaaaa-0000-4000-8000-000000000005',
          'night-bus-single.jpg',
          { kind: 'image', format: 'jpeg', width: 3000, height: 3000, space: 'srgb' },
          1_200_000,
        ),
        releaseAsSingle: true,
        singleReleaseDate: '2027-01-15',
        singleOrder: 1,
        groupedWithFinalSingle: false,
        soloWork: false,
        productionYear: '2026',
        parentalAdvisory: 'yes',
        lyrics: 'Last stop, first light\nHome before the sun',
        contributors: [
          {
            kind: 'producer',
            firstName: 'Leo',
            surname: 'Park',
            email: 'leo@example.com',
            roles: ['Producer', 'Mixing Engineer'],
            isPrimaryArtist: false,
            spotifyUrl: null,
          },
        ],
        splits: [
          { name: 'Leo Park', email: 'leo@example.com', percentage: 60 },
          { name: 'Ana Ruiz', email: 'ana@example.com', percentage: 40 },
        ],
        clips: [
          {
            startTime: '0:30',
            endTime: '1:00',
            description: 'The chorus',
            status: 'ready',
            file: signed(
              'aaaaaaaa-0000-4000-8000-000000000003',
              'night-bus-clip-1.wav',
              {
                kind: 'audio',
                format: 'wav',
                channels: 2,
                sampleRate: 44_100,
                bitDepth: 24,
                durationSeconds: 30,
              },
              5_000_000,
            ),
          },
        ],
      },
      {
        trackId: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e52',
        position: 1,
        title: 'First Light',
        audio: signed(
          'aaaaaaaa-0000-4000-8000-000000000004',
          'first-light.wav',
          {
            kind: 'audio',
            format: 'wav',
            channels: 2,
            sampleRate: 48_000,
            bitDepth: 16,
            durationSeconds: 201,
          },
          40_000_000,
        ),
        customArtwork: null,
        releaseAsSingle: false,
        singleReleaseDate: null,
        singleOrder: null,
        groupedWithFinalSingle: false,
        soloWork: true,
        productionYear: '2025',
        parentalAdvisory: 'no',
        lyrics: null,
        contributors: [],
        splits: [],
        clips: [],
      },
    ],
    catalogueItems: [
      {
        catalogueItemId: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e53',
        type: 'album',
        title: 'Old Harbour',
        artist: 'Maya Rivers',
        image: null,
        spotifyUrl: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
        releaseDate: '2019-05-17',
        details: { label: 'Tidal Records', upc: '0602577000000', tracks: [] },
        splits: [{ name: 'Iris Cole', email: 'iris@example.com', percentage: 100 }],
      },
    ],
    events: [
      {
        type: 'created',
        fromStatus: null,
        toStatus: 'pending',
        message: null,
        actor: null,
        createdAt: '2026-11-20T14:05:00.000Z',
      },
    ],
    nextStatuses: ['in_progress', 'approved', 'rejected'],
    canRequestChanges: true,
    assignee: null,
    rating: null,
    deliveryState: null,
    releaseDate: '2027-03-05',
    ...overrides,
  };
}

// --- The review of a submission ------------------------------------------------------------------

export const REVIEWER = {
  userId: '5b1e2f7c-2222-4a2b-8c3d-5e6f7a8b9c0d',
  name: 'Sam Staff',
  email: 'sam@label.example',
};

/** An event of the timeline as GET …/timeline answers it. */
export function timelineEvent(overrides: Partial<TimelineEvent> = {}): TimelineEvent {
  return {
    eventId: '1',
    type: 'created',
    label: 'Submitted',
    actor: null,
    fromStatus: null,
    toStatus: 'pending',
    message: null,
    templateId: null,
    roundId: null,
    data: null,
    createdAt: '2026-11-20T14:05:00.000Z',
    ...overrides,
  };
}

export function decisionTemplate(overrides: Partial<DecisionTemplate> = {}): DecisionTemplate {
  return {
    templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c01',
    kind: 'approve',
    name: 'Welcome aboard',
    body: 'Dear {{artistName}}, we would love to release "{{releaseTitle}}" on {{labelName}}.',
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
    updatedBy: 'Sam Staff',
    ...overrides,
  };
}

export interface ReviewAnswers {
  item?: BoardItemDetail;
  rounds?: ReviewRound[];
  events?: TimelineEvent[];
  notes?: StaffNote[];
  templates?: DecisionTemplate[];
  /** Anything else: POSTs, a filled template. Answered before the reads when it returns an answer. */
  other?: (request: RecordedRequest) => { status: number; body: unknown } | undefined;
}

/**
 * Answers every request the staff submission page makes, by path: the item, its rounds, its
 * timeline, its notes, the reviewers, the decision templates and the image mapping.
 */
export function answerReview(answers: ReviewAnswers = {}) {
  const item = answers.item ?? detail();
  return (request: RecordedRequest): { status: number; body: unknown } => {
    const answer = answers.other?.(request);
    if (answer) return answer;
    const path = request.url.pathname;
    if (path === '/files/optimized/image-mapping.json')
      return { status: 200, body: imageMappingFor(request.url) };
    if (path.endsWith('/rounds'))
      return { status: 200, body: { success: true, rounds: answers.rounds ?? [] } };
    if (path.endsWith('/timeline')) {
      const events = answers.events ?? [timelineEvent()];
      return { status: 200, body: { success: true, events, nextCursor: null, total: events.length } };
    }
    if (path.endsWith('/notes')) return { status: 200, body: { success: true, notes: answers.notes ?? [] } };
    if (path === '/api/board/reviewers')
      return { status: 200, body: { success: true, reviewers: [REVIEWER] } };
    if (path === '/api/decision-templates')
      return {
        status: 200,
        body: {
          success: true,
          templates: answers.templates ?? [],
          placeholders: ['artistName', 'releaseTitle', 'labelName'],
        },
      };
    return { status: 200, body: { success: true, item } };
  };
}
