/**
 * Every TanStack Query key in one place, so invalidation after a change names the same key the
 * query used. Add an entry per resource; parameterised keys are functions.
 */
export const queryKeys = {
  siteConfig: ['site-config'] as const,
  currentUser: ['current-user'] as const,
  imageMapping: (fileIds: string[]) => ['image-mapping', ...fileIds] as const,
  /** Every page of the staff board; `boardItems()` alone matches all filters (for invalidation). */
  boardItems: (status?: string) => (status ? (['board-items', status] as const) : (['board-items'] as const)),
  boardItem: (itemId: string) => ['board-item', itemId] as const,
  /**
   * The review of one submission: `boardReview(id)` alone matches its rounds, timeline
   * and private notes, which every decision, note, rating or assignment invalidates together.
   */
  boardReview: (itemId: string) => ['board-review', itemId] as const,
  reviewRounds: (itemId: string) => ['board-review', itemId, 'rounds'] as const,
  reviewTimeline: (itemId: string) => ['board-review', itemId, 'timeline'] as const,
  staffNotes: (itemId: string) => ['board-review', itemId, 'notes'] as const,
  /** The staff who can be assigned a submission. */
  reviewers: ['reviewers'] as const,
  /** Staff's decision templates, every kind. */
  decisionTemplates: ['decision-templates'] as const,
  /** The response promise's settings and the runs of its job. */
  responsePromise: ['response-promise'] as const,
  responsePromiseRuns: ['response-promise', 'runs'] as const,
  /** The reminder and notice mail the signed-in reader gets, each on or off. */
  mailPreferences: ['mail-preferences'] as const,
  /** What a mail's unsubscribe link stands for (the unsubscribe page). */
  unsubscribeLink: (token: string) => ['unsubscribe-link', token] as const,
  /** The signed-in artist's own profile with its completion. */
  artistProfile: ['artist-profile'] as const,
  /** The signed-in artist's submissions, and one of them. */
  artistSubmissions: ['artist-submissions'] as const,
  artistSubmission: (itemId: string) => ['artist-submission', itemId] as const,
  /** The open change request of one of the artist's submissions. */
  artistChangeRequest: (itemId: string) => ['artist-change-request', itemId] as const,
  /** The release details of one of the signed-in artist's submissions. */
  releaseDetails: (itemId: string) => ['release-details', itemId] as const,
  /** Staff console: invitations (`artistInvitations()` matches every filter), waiting list, artists. */
  artistInvitations: (status?: string) =>
    status ? (['artist-invitations', status] as const) : (['artist-invitations'] as const),
  waitingList: ['waiting-list'] as const,
  /** Every artist, by order and search. */
  staffArtists: (sort: string, q: string) => ['staff-artists', sort, q] as const,
  staffArtist: (artistId: string) => ['staff-artist', artistId] as const,
  staffArtistSubmissions: (artistId: string) => ['staff-artist-submissions', artistId] as const,
  returningLinks: (artistId: string) => ['returning-links', artistId] as const,
  /** An invitation link's check and pre-fill. */
  invitation: (token: string) => ['invitation', token] as const,
  /** A returning-artist link's check and pre-fill. */
  returningLink: (token: string) => ['returning-link', token] as const,
  /** The artist agreement: the caller's current request, one request's status, the template. */
  currentContract: ['current-contract'] as const,
  contractStatus: (requestId: string) => ['contract-status', requestId] as const,
  contractPreview: ['contract-preview'] as const,
  contractVerify: (requestId: string) => ['contract-verify', requestId] as const,
  contractAudit: (requestId: string) => ['contract-audit', requestId] as const,
  signingDocument: (token: string) => ['signing-document', token] as const,
  /** A submission's release schedule. */
  releaseSchedule: (submissionId: string) => ['release-schedule', submissionId] as const,
  /** Every schedule of the signed-in artist's releases: the Contract Signing tab's list. */
  artistSchedules: ['artist-schedules'] as const,
  /** Staff: an approved release's delivery to stores (its checklist, identifiers, preview and log). */
  delivery: (submissionId: string) => ['delivery', submissionId] as const,
  /** Staff: the template's versions, and an artist's agreements. */
  agreementTemplates: ['agreement-templates'] as const,
  artistAgreements: (artistId: string) => ['artist-agreements', artistId] as const,
  /** Staff observability: the analytics dashboard per window, the test dashboard's tests. */
  analyticsDashboard: (hours: number) => ['analytics-dashboard', hours] as const,
  /** The window's error events, a page at a time (the recent errors table and its Load more). */
  analyticsErrors: (hours: number) => ['analytics-errors', hours] as const,
  testDashboardTests: ['test-dashboard-tests'] as const,
  health: ['health'] as const,
  /**
   * The deadline planner: `keyDates()` alone matches every submission's dates and the
   * board rows' next deadlines, which follow the settings and are invalidated when staff save them.
   */
  keyDates: () => ['key-dates'] as const,
  submissionKeyDates: (reader: 'artist' | 'staff', itemId: string) => ['key-dates', reader, itemId] as const,
  nextDeadline: (itemId: string) => ['key-dates', 'next-deadline', itemId] as const,
  plannerSettings: ['planner-settings'] as const,
};
