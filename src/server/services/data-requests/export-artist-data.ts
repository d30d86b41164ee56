import { Readable } from 'node:stream';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  getSubmissionEventLabel,
  type SessionUser,
  SIGNATURE_EVENT_LABELS,
  type SignatureEventType,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import {
  type artists,
  catalogueItems,
  dataRequests,
  deadlineReminders,
  decisionRatings,
  deliveryAttempts,
  invitations,
  mailPreferences,
  masterSplits,
  releaseDeliveries,
  releaseDetails,
  releaseSchedules,
  returningLinks,
  reviewRounds,
  sessions,
  signatureEvents,
  signatureRequests,
  socialClips,
  submissionEvents,
  submissions,
  submissionTracks,
  trackContributors,
  trackLoudness,
  uploads,
  users,
  waitingListEntries,
} from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/storage';
import { pictureFileIdOf } from '../artists/artist-picture';
import { agreementFileSlug, sealedFileName } from '../contracts/download-agreement';
import { recordSignatureEvent } from '../contracts/record-signature-event';
import { type PackageEntry, streamPackageZip } from '../delivery/package-zip';

/**
 * An artist's copy of everything Imprint holds about them (the privacy policy's data requests):
 * `data.json`, the sealed PDFs of what they signed, and a README in plain words. Their uploaded
 * audio and artwork are links, not bytes (a catalogue can be gigabytes): absolute links to
 * `GET /api/artist/files/:fileId`, which opens a file of theirs for them while they are signed in.
 *
 * Left out, and said so in the README: staff's private notes, ratings and reviewer assignments
 * (the label's internal deliberations about a submission, which the artist area never shows
 * either), and other people's details (who at the label did what, staff's addresses and IPs).
 */

type ArtistRow = typeof artists.$inferSelect;

/** The download's name: `imprint-data-<name>-<YYYY-MM-DD>.zip`, ASCII only. */
export function dataExportFileName(name: string, day: string): string {
  return `imprint-data-${agreementFileSlug(name)}-${day}.zip`;
}

export interface ArtistDataExport {
  fileName: string;
  size: number;
  stream: Readable;
  /** The data request recorded, or null when none was (a HEAD request). */
  requestId: string | null;
}

export interface ExportDeps {
  db: Database;
  storage: StorageProvider;
  config: Pick<AppConfig, 'publicUrl' | 'label'>;
}

/** Events of the audit trail that are staff's own business (notes, ratings, who reviews). */
const STAFF_ONLY_EVENTS = new Set(['note_added', 'rating_changed', 'assigned']);
const MAIL_EVENTS = new Set(['mail_queued', 'mail_sent']);

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

function privacyMailbox(contactEmail: string): string {
  return `privacy@${contactEmail.slice(contactEmail.lastIndexOf('@') + 1)}`;
}

/** Who did something, as the artist reads it: themselves, the label, or Imprint on its own. */
function actorOf(actorUserId: string | null, userId: string | undefined): string {
  if (actorUserId === null) return 'Imprint (automatic)';
  return actorUserId === userId ? 'you' : 'the label';
}

async function collect(
  db: Executor,
  artist: ArtistRow,
  user: SessionUser,
  fileLink: (id: string | null) => string | null,
) {
  const [account] = await db.select().from(users).where(eq(users.id, user.userId));
  const ownSubmissions = await db
    .select()
    .from(submissions)
    .where(eq(submissions.artistId, artist.id))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  const submissionIds = ownSubmissions.map((s) => s.id);
  const emails = [...new Set([artist.email, user.email, account?.email].filter((e): e is string => !!e))].map(
    (e) => e.toLowerCase(),
  );
  for (const submission of ownSubmissions) {
    const email = (submission.artistDetails as { email?: unknown } | null)?.email;
    if (typeof email === 'string' && !emails.includes(email.toLowerCase())) emails.push(email.toLowerCase());
  }

  const some = <T>(ids: string[], query: () => Promise<T[]>) =>
    ids.length ? query() : Promise.resolve([] as T[]);
  const [tracks, items, splits, details, events, rounds, schedules, deliveries, attempts, reminders] =
    await Promise.all([
      some(submissionIds, () =>
        db
          .select()
          .from(submissionTracks)
          .where(inArray(submissionTracks.submissionId, submissionIds))
          .orderBy(asc(submissionTracks.position)),
      ),
      some(submissionIds, () =>
        db
          .select()
          .from(catalogueItems)
          .where(inArray(catalogueItems.submissionId, submissionIds))
          .orderBy(asc(catalogueItems.position)),
      ),
      some(submissionIds, () =>
        db
          .select()
          .from(masterSplits)
          .where(inArray(masterSplits.submissionId, submissionIds))
          .orderBy(asc(masterSplits.position)),
      ),
      some(submissionIds, () =>
        db.select().from(releaseDetails).where(inArray(releaseDetails.submissionId, submissionIds)),
      ),
      some(submissionIds, () =>
        db
          .select()
          .from(submissionEvents)
          .where(inArray(submissionEvents.submissionId, submissionIds))
          .orderBy(asc(submissionEvents.createdAt), asc(submissionEvents.id)),
      ),
      some(submissionIds, () =>
        db
          .select()
          .from(reviewRounds)
          .where(inArray(reviewRounds.submissionId, submissionIds))
          .orderBy(asc(reviewRounds.number)),
      ),
      some(submissionIds, () =>
        db
          .select()
          .from(releaseSchedules)
          .where(inArray(releaseSchedules.submissionId, submissionIds))
          .orderBy(asc(releaseSchedules.version)),
      ),
      some(submissionIds, () =>
        db.select().from(releaseDeliveries).where(inArray(releaseDeliveries.submissionId, submissionIds)),
      ),
      some(submissionIds, () =>
        db
          .select()
          .from(deliveryAttempts)
          .where(inArray(deliveryAttempts.submissionId, submissionIds))
          .orderBy(asc(deliveryAttempts.createdAt)),
      ),
      some(submissionIds, () =>
        db
          .select()
          .from(deadlineReminders)
          .where(
            and(
              inArray(deadlineReminders.submissionId, submissionIds),
              inArray(deadlineReminders.recipient, emails),
            ),
          )
          .orderBy(asc(deadlineReminders.createdAt)),
      ),
    ]);
  const ratings = await some(submissionIds, () =>
    db.select().from(decisionRatings).where(inArray(decisionRatings.submissionId, submissionIds)),
  );
  const trackIds = tracks.map((t) => t.id);
  const [contributors, clips, levels] = await Promise.all([
    some(trackIds, () =>
      db
        .select()
        .from(trackContributors)
        .where(inArray(trackContributors.trackId, trackIds))
        .orderBy(asc(trackContributors.position)),
    ),
    some(trackIds, () =>
      db
        .select()
        .from(socialClips)
        .where(inArray(socialClips.trackId, trackIds))
        .orderBy(asc(socialClips.position)),
    ),
    some(trackIds, () => db.select().from(trackLoudness).where(inArray(trackLoudness.trackId, trackIds))),
  ]);

  const requests = await db
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.artistId, artist.id))
    .orderBy(asc(signatureRequests.createdAt));
  const requestIds = requests.map((r) => r.id);
  const signatureTrail = await some(requestIds, () =>
    db
      .select()
      .from(signatureEvents)
      .where(inArray(signatureEvents.requestId, requestIds))
      .orderBy(asc(signatureEvents.id)),
  );

  const sessionIds = ownSubmissions.map((s) => s.uploadSessionId);
  const [ownUploads, invitationRows, links, waiting, preferences, activeSessions, earlierRequests] =
    await Promise.all([
      db
        .select()
        .from(uploads)
        .where(
          or(
            eq(uploads.uploaderUserId, user.userId),
            ...(sessionIds.length ? [inArray(uploads.sessionId, sessionIds)] : []),
          ),
        )
        .orderBy(asc(uploads.createdAt)),
      db
        .select()
        .from(invitations)
        .where(or(eq(invitations.artistId, artist.id), inArray(sql`lower(${invitations.email})`, emails)))
        .orderBy(asc(invitations.createdAt)),
      db
        .select()
        .from(returningLinks)
        .where(eq(returningLinks.artistId, artist.id))
        .orderBy(asc(returningLinks.createdAt)),
      db
        .select()
        .from(waitingListEntries)
        .where(inArray(sql`lower(${waitingListEntries.email})`, emails))
        .orderBy(asc(waitingListEntries.createdAt)),
      db.select().from(mailPreferences).where(inArray(mailPreferences.email, emails)),
      db.select().from(sessions).where(eq(sessions.userId, user.userId)).orderBy(asc(sessions.createdAt)),
      db
        .select()
        .from(dataRequests)
        .where(eq(dataRequests.artistId, artist.id))
        .orderBy(asc(dataRequests.createdAt)),
    ]);

  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  const uploadById = byId(ownUploads);
  const file = (id: string | null) => {
    if (!id) return null;
    const upload = uploadById.get(id);
    return {
      fileId: id,
      name: upload?.originalName ?? null,
      contentType: upload?.contentType ?? null,
      bytes: upload?.originalSize ?? null,
      sha256: upload?.sha256 ?? null,
      link: upload?.deletedAt ? null : fileLink(id),
    };
  };
  const splitsOf = (where: (split: (typeof splits)[number]) => boolean) =>
    splits.filter(where).map((s) => ({
      contributorId: s.contributorClientId,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      percentage: s.percentage,
    }));

  const presentedSubmissions = ownSubmissions.map((s) => {
    const delivery = deliveries.find((d) => d.submissionId === s.id);
    const detailRow = details.find((d) => d.submissionId === s.id);
    return {
      id: s.id,
      status: s.status,
      submittedAt: iso(s.createdAt),
      updatedAt: iso(s.updatedAt),
      statusChangedAt: iso(s.statusChangedAt),
      itemName: s.itemName,
      uploadType: s.uploadType,
      releaseType: s.releaseType,
      releaseTitle: s.releaseTitle,
      releaseDate: s.releaseDate,
      releaseStrategy: s.releaseStrategy,
      primaryGenre: s.primaryGenre,
      subGenre: s.subGenre,
      earlyReleaseRequest: s.earlyReleaseRequest,
      earlyReleaseReason: s.earlyReleaseReason,
      distributor: s.distributor,
      bio: s.bio,
      influences: s.influences,
      proNumber: s.proNumber,
      publishingAdministrationInterest: s.publishingAdministrationInterest,
      artistDetailsAsSubmitted: s.artistDetails,
      formAsSubmitted: s.formData,
      sentFrom: { ip: s.submitterIp, userAgent: s.submitterUserAgent },
      artwork: file(s.artworkUploadId),
      tracks: tracks
        .filter((t) => t.submissionId === s.id)
        .map((t) => ({
          position: t.position + 1,
          title: t.title,
          audio: file(t.audioUploadId),
          artwork: file(t.artworkUploadId),
          isrc: t.isrc,
          lyrics: t.lyrics,
          parentalAdvisory: t.parentalAdvisory,
          productionYear: t.productionYear,
          soloWork: t.soloWork,
          releaseAsSingle: t.releaseAsSingle,
          singleReleaseDate: t.singleReleaseDate,
          contributors: contributors
            .filter((c) => c.trackId === t.id)
            .map((c) => ({
              kind: c.kind,
              firstName: c.firstName,
              surname: c.surname,
              email: c.email,
              roles: c.roles,
              isFeatured: c.isFeatured,
              isPrimaryArtist: c.isPrimaryArtist,
              spotifyUrl: c.spotifyUrl,
            })),
          masterSplits: splitsOf((split) => split.trackId === t.id),
          socialClips: clips
            .filter((c) => c.trackId === t.id)
            .map((c) => ({
              start: c.startTime,
              end: c.endTime,
              description: c.description,
              status: c.status,
              clip: file(c.clipUploadId),
            })),
          levelCheck:
            levels
              .filter((l) => l.trackId === t.id && l.uploadId === t.audioUploadId)
              .map((l) => ({
                status: l.status,
                reason: l.reason,
                integratedLufs: l.integratedLufs,
                truePeakDbtp: l.truePeakDbtp,
                measuredAt: iso(l.measuredAt),
              }))[0] ?? null,
        })),
      catalogueItems: items
        .filter((i) => i.submissionId === s.id)
        .map((i) => ({
          type: i.type,
          title: i.title,
          artist: i.artist,
          spotifyUrl: i.spotifyUrl,
          releaseDate: i.releaseDate,
          details: i.details,
          masterSplits: splitsOf((split) => split.catalogueItemId === i.id),
        })),
      releaseDetails: detailRow
        ? {
            status: detailRow.status,
            data: detailRow.data,
            artwork: file(detailRow.artworkUploadId),
            submittedAt: iso(detailRow.submittedAt),
            updatedAt: iso(detailRow.updatedAt),
          }
        : null,
      // Decisions, status history and the messages the label sent, with the mail about them.
      history: events
        .filter((e) => e.submissionId === s.id && !STAFF_ONLY_EVENTS.has(e.type))
        .filter((e) => {
          if (!MAIL_EVENTS.has(e.type)) return true;
          const to = (e.data as { to?: unknown } | null)?.to;
          return typeof to === 'string' && emails.includes(to.toLowerCase());
        })
        .map((e) => {
          const rating = ratings.find((r) => r.decisionId === e.id);
          return {
            at: iso(e.createdAt),
            what: getSubmissionEventLabel(e.type),
            type: e.type,
            by: actorOf(e.actorUserId, account?.id),
            fromStatus: e.fromStatus,
            toStatus: e.toStatus,
            message: e.message,
            ...(MAIL_EVENTS.has(e.type) ? { mail: e.data } : {}),
            ...(rating
              ? {
                  yourRating: {
                    rating: rating.rating,
                    comment: rating.comment,
                    ratedAt: iso(rating.createdAt),
                    updatedAt: iso(rating.updatedAt),
                  },
                }
              : {}),
          };
        }),
      changeRequests: rounds
        .filter((r) => r.submissionId === s.id)
        .map((r) => ({
          round: r.number,
          status: r.status,
          requestedAt: iso(r.createdAt),
          message: r.message,
          fields: r.fields,
          yourComment: r.artistComment,
          resubmittedAt: iso(r.resubmittedAt),
          changes: r.changes,
          closedAt: iso(r.closedAt),
        })),
      releaseSchedules: schedules
        .filter((r) => r.submissionId === s.id)
        .map((r) => ({
          id: r.id,
          version: r.version,
          content: r.content,
          preparedAt: iso(r.createdAt),
          supersededAt: iso(r.supersededAt),
        })),
      delivery: delivery
        ? {
            upc: delivery.icpn,
            state: delivery.state,
            stateChangedAt: iso(delivery.stateChangedAt),
            pLine: { year: delivery.pLineYear, owner: delivery.pLineOwner },
            cLine: { year: delivery.cLineYear, owner: delivery.cLineOwner },
            deliveries: attempts
              .filter((a) => a.submissionId === s.id)
              .map((a) => ({
                kind: a.kind,
                status: a.status,
                upc: a.icpn,
                takedownDate: a.takedownDate,
                queuedAt: iso(a.createdAt),
                sentAt: iso(a.sentAt),
                finishedAt: iso(a.finishedAt),
                acknowledgement: a.acknowledgement?.status ?? null,
              })),
          }
        : null,
      deadlineRemindersSent: reminders
        .filter((r) => r.submissionId === s.id)
        .map((r) => ({ deadline: r.deadlineKey, date: r.deadlineDate, sentAt: iso(r.createdAt) })),
    };
  });

  const presentedRequests = requests.map((r) => ({
    id: r.id,
    kind: r.scheduleId ? 'release schedule' : 'artist agreement',
    documentTitle: r.documentTitle,
    status: r.status,
    templateVersion: r.templateVersion,
    scheduleId: r.scheduleId,
    signerName: r.signerName,
    signerEmail: r.signerEmail,
    createdAt: iso(r.createdAt),
    deadline: iso(r.expiresAt),
    viewedAt: iso(r.viewedAt),
    consentedAt: iso(r.consentedAt),
    signedAt: iso(r.signedAt),
    declinedAt: iso(r.declinedAt),
    declineReason: r.declineReason,
    expiredAt: iso(r.expiredAt),
    signatureMethod: r.signatureMethod,
    typedSignature: r.signatureText,
    drawnSignature: r.signatureImage,
    signedFrom: { ip: r.signerIp, userAgent: r.signerUserAgent },
    documentSha256: r.documentSha256,
    documentText: r.documentText,
    sealedAt: iso(r.sealedAt),
    sealedSha256: r.sealedSha256,
    auditTrail: signatureTrail
      .filter((e) => e.requestId === r.id)
      .map((e) => {
        const yours = e.actorUserId === null || e.actorUserId === account?.id;
        return {
          at: iso(e.createdAt),
          what: SIGNATURE_EVENT_LABELS[e.type as SignatureEventType] ?? e.type,
          type: e.type,
          by: actorOf(e.actorUserId, account?.id),
          // Addresses and browsers are kept of whoever acted; a staff member's are theirs, not yours.
          ...(yours ? { ip: e.ip, userAgent: e.userAgent } : {}),
          data: e.data,
        };
      }),
  }));

  const profile = {
    name: artist.name,
    artistName: artist.artistName,
    email: artist.email,
    picture: file(pictureFileIdOf(artist.picture)),
    nationality: artist.nationality,
    country: artist.country,
    city: artist.city,
    biography: artist.biography,
    spotifyProfile: artist.spotifyProfile,
    appleMusicProfile: artist.appleMusicProfile,
    soundcloudProfile: artist.soundcloudProfile,
    instagramProfile: artist.instagramProfile,
    tiktokProfile: artist.tiktokProfile,
    website: artist.website,
    pplId: artist.pplId,
    prsId: artist.prsId,
    createdAt: iso(artist.createdAt),
    updatedAt: iso(artist.updatedAt),
  };

  return {
    requests,
    data: {
      account: account
        ? {
            email: account.email,
            name: account.name,
            role: account.role,
            createdAt: iso(account.createdAt),
            lastSignInAt: iso(account.lastSignInAt),
          }
        : null,
      profile,
      submissions: presentedSubmissions,
      signatureRequests: presentedRequests,
      uploads: ownUploads.map((u) => ({
        ...file(u.id),
        fileType: u.fileType,
        uploadedAt: iso(u.createdAt),
        usedInASubmission: u.claimedAt !== null,
      })),
      invitations: invitationRows.map((i) => ({
        artistName: i.artistName,
        firstName: i.firstName,
        surname: i.surname,
        email: i.email,
        reason: i.invitationReason,
        sentAt: iso(i.createdAt),
        expiresAt: iso(i.expiresAt),
        usedAt: iso(i.usedAt),
        revokedAt: iso(i.revokedAt),
      })),
      returningArtistLinks: links.map((l) => ({
        issuedAt: iso(l.createdAt),
        expiresAt: iso(l.expiresAt),
        revokedAt: iso(l.revokedAt),
        timesUsed: l.usageCount,
        lastUsedAt: iso(l.lastUsedAt),
      })),
      waitingListEntries: waiting.map((w) => ({
        firstName: w.firstName,
        surname: w.surname,
        artistName: w.artistName,
        email: w.email,
        phone: w.phone,
        country: w.country,
        city: w.city,
        instagramProfile: w.instagramProfile,
        tiktokProfile: w.tiktokProfile,
        spotifyProfile: w.spotifyProfile,
        listenLink: w.listenLink,
        projectDescription: w.projectDescription,
        joinedAt: iso(w.createdAt),
      })),
      mailPreferences: preferences.map((p) => ({
        email: p.email,
        kind: p.kind,
        turnedOffAt: iso(p.turnedOffAt),
        changedVia: p.changedVia,
        updatedAt: iso(p.updatedAt),
      })),
      signedInSessions: activeSessions.map((x) => ({
        startedAt: iso(x.createdAt),
        lastSeenAt: iso(x.lastSeenAt),
        endsAt: iso(x.absoluteExpiresAt),
        ip: x.ip,
        userAgent: x.userAgent,
      })),
      dataRequests: earlierRequests.map((d) => ({ kind: d.kind, at: iso(d.createdAt) })),
    },
  };
}

function readme(options: {
  labelName: string;
  exportedAt: string;
  privacyMailbox: string;
  documents: string[];
  links: boolean;
}): string {
  const lines = [
    `Your data at ${options.labelName}`,
    '',
    `This archive holds everything ${options.labelName}'s portal (Imprint) keeps about you, as of ${options.exportedAt}.`,
    '',
    'What is inside',
    '- data.json: your account and profile; every submission with its tracks, credits, master splits,',
    '  release details, status history, the label’s messages and decisions, change requests and what you',
    '  sent back; release schedules; delivery to stores; the agreements you were asked to sign with their',
    '  audit trail; your uploads; invitations, returning-artist links, waiting-list entries, mail',
    '  preferences, signed-in sessions and earlier data requests.',
  ];
  if (options.documents.length > 0) {
    lines.push('- documents/: the sealed PDFs of what you signed:');
    for (const name of options.documents) lines.push(`    ${name}`);
  }
  lines.push(
    '',
    'Your audio and artwork',
    options.links
      ? 'Files are not copied into this archive (a catalogue can be gigabytes). Each file in data.json has a "link": open it in a browser where you are signed in to the portal to download the file.'
      : 'You have no uploaded files with the label.',
    '',
    'What is not included',
    '- The label’s private notes, ratings and reviewer assignments about submissions: these are the',
    '  label’s internal deliberations and are not shown in the artist area either.',
    '- Details of other people, such as which staff member did what, or their addresses.',
    '',
    'Dates and times are in UTC (ISO 8601).',
    '',
    `Questions, corrections or erasure: write to ${options.privacyMailbox}. Requests are answered within 30 days.`,
    '',
  );
  return lines.join('\n');
}

/**
 * Builds the archive for the signed-in artist, records the request (and a `downloaded` line in the
 * audit trail of each signed document it carries), and answers the stream with its exact length.
 */
export async function openArtistDataExport(
  deps: ExportDeps,
  input: {
    artist: ArtistRow;
    user: SessionUser;
    now: Date;
    ip?: string;
    userAgent?: string;
    /** False for a HEAD request: the headers are answered, but nothing was downloaded to record. */
    record?: boolean;
  },
): Promise<ArtistDataExport> {
  const { artist, user, now } = input;
  const fileLink = (id: string | null) => (id ? `${deps.config.publicUrl}/api/artist/files/${id}` : null);
  const { data, requests } = await collect(deps.db, artist, user, fileLink);

  const documents: { name: string; key: string; size: number; requestId: string }[] = [];
  const usedNames = new Set<string>();
  for (const request of requests) {
    if (!request.sealedFileKey) continue;
    const stored = await deps.storage.head(request.sealedFileKey);
    if (!stored) continue;
    let name = `documents/${await sealedFileName(deps.db, request)}`;
    if (usedNames.has(name)) name = name.replace(/\.pdf$/, `-${request.id.slice(0, 8)}.pdf`);
    usedNames.add(name);
    documents.push({ name, key: request.sealedFileKey, size: stored.size, requestId: request.id });
  }
  const withDocuments = {
    ...data,
    signatureRequests: data.signatureRequests.map((r) => ({
      ...r,
      sealedDocument: documents.find((d) => d.requestId === r.id)?.name ?? null,
    })),
  };

  const exportedAt = now.toISOString();
  const json = Buffer.from(
    `${JSON.stringify(
      {
        about: {
          exportedAt,
          label: deps.config.label.name,
          portal: deps.config.publicUrl,
          format: 'imprint-artist-data',
          version: 1,
        },
        ...withDocuments,
      },
      null,
      2,
    )}\n`,
  );
  const text = Buffer.from(
    readme({
      labelName: deps.config.label.name,
      exportedAt,
      privacyMailbox: privacyMailbox(deps.config.label.contactEmail),
      documents: documents.map((d) => d.name),
      links: data.uploads.length > 0,
    }),
  );
  const entries: PackageEntry[] = [
    { name: 'README.txt', size: text.length, open: async () => Readable.from([text]) },
    { name: 'data.json', size: json.length, open: async () => Readable.from([json]) },
    ...documents.map((d) => ({ name: d.name, size: d.size, open: () => deps.storage.get(d.key) })),
  ];
  const zip = streamPackageZip(entries, { mtime: now });

  const requestId =
    input.record === false
      ? null
      : await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(dataRequests)
            .values({
              kind: 'export',
              artistId: artist.id,
              byUserId: user.userId,
              detail: {
                submissions: data.submissions.length,
                signedDocuments: documents.length,
                fileLinks: data.uploads.length,
                bytes: zip.size,
              },
              createdAt: now,
            })
            .returning({ id: dataRequests.id });
          for (const document of documents)
            await recordSignatureEvent(
              tx,
              document.requestId,
              'downloaded',
              { userId: user.userId, ip: input.ip ?? null, userAgent: input.userAgent ?? null },
              { by: 'artist', via: 'data_export' },
            );
          if (!row) throw new Error('The data export could not be recorded');
          return row.id;
        });

  const name = artist.artistName?.trim() || artist.name?.trim() || user.name?.trim() || 'artist';
  return {
    fileName: dataExportFileName(name, exportedAt.slice(0, 10)),
    size: zip.size,
    stream: zip.stream,
    requestId,
  };
}
