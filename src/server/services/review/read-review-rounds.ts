import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import {
  type FieldChange,
  type FieldChangeView,
  type FileSnapshot,
  fieldChangeListSchema,
  isRecordId,
  type ReviewRound,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { decisionTemplates, reviewRounds, submissions, uploads, users } from '../../db/schema';
import { notFound } from '../../errors';
import { boardLinkLifetimeSeconds } from '../submissions/present-board-item';
import { fileLinks, type LinkSigner } from '../uploads/present-upload';

const requester = alias(users, 'requester');
const resubmitter = alias(users, 'resubmitter');
const closer = alias(users, 'closer');
/** A person as the review pages name them: the name, else the e-mail address. */
const nameOf = (table: { name: AnyPgColumn; email: AnyPgColumn }) =>
  sql<string | null>`coalesce(nullif(trim(${table.name}), ''), ${table.email})`;

type Row = {
  round: typeof reviewRounds.$inferSelect;
  requestedBy: string | null;
  resubmittedBy: string | null;
  closedBy: string | null;
  templateName: string | null;
};

/** Rounds of one submission, oldest first, with who acted and the template's name. */
async function readRounds(executor: Executor, where: ReturnType<typeof eq>): Promise<Row[]> {
  return executor
    .select({
      round: reviewRounds,
      requestedBy: nameOf(requester),
      resubmittedBy: nameOf(resubmitter),
      closedBy: nameOf(closer),
      templateName: decisionTemplates.name,
    })
    .from(reviewRounds)
    .leftJoin(requester, eq(requester.id, reviewRounds.requestedByUserId))
    .leftJoin(resubmitter, eq(resubmitter.id, reviewRounds.resubmittedByUserId))
    .leftJoin(closer, eq(closer.id, reviewRounds.closedByUserId))
    .leftJoin(decisionTemplates, eq(decisionTemplates.id, reviewRounds.templateId))
    .where(where)
    .orderBy(asc(reviewRounds.number));
}

/** A round's changes as stored; written by resubmit-changes.ts from the same schema. */
function storedChanges(value: unknown): FieldChange[] {
  const parsed = fieldChangeListSchema.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

type FileView = FileSnapshot & { url: string | null; downloadUrl: string | null };

/** Both files of a replaced artwork or audio with links to open them (null links once a file is gone). */
function withLinks(change: FieldChange, present: (file: FileSnapshot) => FileView): FieldChangeView {
  if (change.field === 'artwork' || change.field === 'trackAudio') {
    return { ...change, before: change.before ? present(change.before) : null, after: present(change.after) };
  }
  return change;
}

export function presentRound(
  row: Row,
  signer: LinkSigner,
  existingFiles: ReadonlySet<string>,
  now: number,
): ReviewRound {
  const { round } = row;
  const present = (file: FileSnapshot): FileView => ({
    ...file,
    ...(existingFiles.has(file.fileId)
      ? fileLinks(signer, file.fileId, boardLinkLifetimeSeconds, now)
      : { url: null, downloadUrl: null }),
  });
  return {
    roundId: round.id,
    number: round.number,
    status: round.status,
    fromStatus: round.fromStatus,
    requestedAt: round.createdAt.toISOString(),
    requestedBy: row.requestedBy,
    message: round.message,
    template:
      round.templateId && row.templateName ? { templateId: round.templateId, name: row.templateName } : null,
    fields: round.fields,
    resubmittedAt: round.resubmittedAt?.toISOString() ?? null,
    resubmittedBy: row.resubmittedBy,
    artistComment: round.artistComment,
    closedAt: round.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
    changes: storedChanges(round.changes).map((change) => withLinks(change, present)),
  };
}

/** The files the rounds name that are still stored, so only those get links. */
async function existingFilesOf(executor: Executor, rows: readonly Row[]): Promise<Set<string>> {
  const ids = rows.flatMap((row) =>
    storedChanges(row.round.changes).flatMap((change) =>
      change.field === 'artwork' || change.field === 'trackAudio'
        ? [change.before?.fileId, change.after.fileId].filter((id): id is string => Boolean(id))
        : [],
    ),
  );
  if (ids.length === 0) return new Set();
  const found = await executor
    .select({ id: uploads.id })
    .from(uploads)
    .where(inArray(uploads.id, [...new Set(ids)]));
  return new Set(found.map((row) => row.id));
}

/**
 * GET /api/board/items/{itemId}/rounds (staff): every round of the submission, oldest
 * first: the marked fields and notes, the message sent, and once answered each field's old → new
 * (a replaced file with both SHA-256 hashes and signed links to both).
 */
export async function readReviewRounds(
  executor: Executor,
  signer: LinkSigner,
  itemId: string,
  now = Date.now(),
): Promise<ReviewRound[]> {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [submission] = await executor
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, itemId));
  if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
  const rows = await readRounds(executor, eq(reviewRounds.submissionId, itemId));
  const existing = await existingFilesOf(executor, rows);
  return rows.map((row) => presentRound(row, signer, existing, now));
}

/** One round by id, as readReviewRounds shows it (the answer of a change request). */
export async function readReviewRound(
  executor: Executor,
  signer: LinkSigner,
  roundId: string,
  now = Date.now(),
): Promise<ReviewRound> {
  const rows = await readRounds(executor, eq(reviewRounds.id, roundId));
  const row = rows[0];
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return presentRound(row, signer, await existingFilesOf(executor, rows), now);
}
