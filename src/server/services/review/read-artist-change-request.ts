import { and, eq, inArray } from 'drizzle-orm';
import {
  type ArtistChangeRequest,
  type ArtistChangeRequestResponse,
  type Contributor,
  targetOf,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { reviewRounds, uploads } from '../../db/schema';
import { presentContributor } from '../release-details/release-details-view';
import { signedLink } from '../submissions/present-artist-submission';
import { readArtistSubmission } from '../submissions/read-submissions';
import type { LinkSigner } from '../uploads/present-upload';
import { currentValueOf, type FieldState, loadFieldState } from './field-state';

export type OpenRound = typeof reviewRounds.$inferSelect;

/** The submission's open round, if staff are waiting for changes. */
export async function findOpenRound(
  executor: Executor,
  submissionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OpenRound | undefined> {
  const query = executor
    .select()
    .from(reviewRounds)
    .where(and(eq(reviewRounds.submissionId, submissionId), eq(reviewRounds.status, 'open')));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The people credited on a track, in the form's shape: whom its master splits may name. */
function creditedOn(state: FieldState, trackId: string | undefined): Contributor[] {
  const kinds = ['featured', 'producer', 'non_featured'] as const;
  return kinds.flatMap((kind) =>
    state.contributors.filter((row) => row.trackId === trackId && row.kind === kind).map(presentContributor),
  );
}

/**
 * The open request as its artist sees it: each marked field with the reviewer's note, its label,
 * and its current value to edit (files with a link to show or play them; a track's splits with the
 * people credited on the track). Who asked, which
 * template and anything else of staff's stays out.
 */
export async function presentArtistChangeRequest(
  executor: Executor,
  signer: LinkSigner,
  state: FieldState,
  round: OpenRound,
  now = Date.now(),
): Promise<ArtistChangeRequest> {
  const current = round.fields.map((field) => currentValueOf(state, targetOf(field)));
  const fileIds = current.flatMap((value) =>
    value && (value.field === 'artwork' || value.field === 'trackAudio') ? [value.fileId] : [],
  );
  const files =
    fileIds.length > 0
      ? await executor
          .select({ id: uploads.id, name: uploads.originalName })
          .from(uploads)
          .where(inArray(uploads.id, fileIds))
      : [];
  const names = new Map(files.map((file) => [file.id, file.name]));
  return {
    roundNumber: round.number,
    requestedAt: round.createdAt.toISOString(),
    message: round.message,
    fields: round.fields.map((field, index) => {
      const value = current[index] ?? null;
      const fileId =
        value && (value.field === 'artwork' || value.field === 'trackAudio') ? value.fileId : null;
      const fileName = fileId ? names.get(fileId) : undefined;
      return {
        key: field.key,
        field: field.field,
        ...(field.trackId ? { trackId: field.trackId } : {}),
        ...(field.catalogueItemId ? { catalogueItemId: field.catalogueItemId } : {}),
        label: field.label,
        note: field.note,
        current: value,
        file: fileId && fileName !== undefined ? { fileName, url: signedLink(signer, fileId, now) } : null,
        ...(field.field === 'trackSplits' ? { credited: creditedOn(state, field.trackId) } : {}),
      };
    }),
  };
}

/**
 * GET /api/profile/submissions/{itemId}/change-request: the submission as its artist sees it, and
 * the open change request (null while none is open). Another artist's id is the same 404 as an
 * unknown one.
 */
export async function readArtistChangeRequest(
  deps: { db: Executor; signer: LinkSigner },
  artistId: string,
  itemId: string,
  now = Date.now(),
): Promise<Omit<ArtistChangeRequestResponse, 'success'>> {
  const submission = await readArtistSubmission(deps, artistId, itemId, now);
  const round = await findOpenRound(deps.db, itemId);
  if (!round) return { submission, changeRequest: null };
  const state = await loadFieldState(deps.db, itemId, { artistId });
  return {
    submission,
    changeRequest: await presentArtistChangeRequest(deps.db, deps.signer, state, round, now),
  };
}
