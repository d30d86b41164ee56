import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../domain';
import { artists, socialClips, submissions, submissionTracks, uploads } from '../db/schema';

/**
 * Which uploaded files a person may see: staff all of them; an artist the files they uploaded
 * while signed in and those of their own submissions (the tracks' audio and own covers, the
 * artwork, the cut clips), whoever uploaded them; a visitor none — an anonymous artist sees their
 * own files only through the signed links of their upload results.
 */
export function uploadsVisibleTo(user: SessionUser | undefined): SQL {
  if (!user) return sql`false`;
  if (user.role === 'staff') return sql`true`;
  const ownSubmissions = sql`select ${submissions.id} from ${submissions}
    inner join ${artists} on ${artists.id} = ${submissions.artistId}
    where ${artists.userId} = ${user.userId}`;
  return sql`(${uploads.uploaderUserId} = ${user.userId} or ${uploads.id} in (
    select ${submissions.artworkUploadId} from ${submissions}
      where ${submissions.id} in (${ownSubmissions}) and ${submissions.artworkUploadId} is not null
    union all
    select ${submissionTracks.audioUploadId} from ${submissionTracks}
      where ${submissionTracks.submissionId} in (${ownSubmissions}) and ${submissionTracks.audioUploadId} is not null
    union all
    select ${submissionTracks.artworkUploadId} from ${submissionTracks}
      where ${submissionTracks.submissionId} in (${ownSubmissions}) and ${submissionTracks.artworkUploadId} is not null
    union all
    select ${socialClips.clipUploadId} from ${socialClips}
      inner join ${submissionTracks} on ${submissionTracks.id} = ${socialClips.trackId}
      where ${submissionTracks.submissionId} in (${ownSubmissions}) and ${socialClips.clipUploadId} is not null
  ))`;
}
