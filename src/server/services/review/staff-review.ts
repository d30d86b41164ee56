import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ASSIGNEE_NOT_STAFF,
  isRecordId,
  type SessionUser,
  type StaffNote,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { Database, Executor } from '../../db/client';
import { submissionNotes, submissions, users } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { recordSubmissionEvent } from '../audit/record-submission-event';

/**
 * Staff's own work on a submission: private notes, a 1–5 rating, the reviewer it is
 * assigned to. None of it is ever part of an artist's answer; each change is on the audit trail,
 * written in its transaction.
 */

const personName = sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`;

async function lockSubmission(executor: Executor, itemId: string) {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [row] = await executor
    .select({ id: submissions.id, rating: submissions.rating, assignedUserId: submissions.assignedUserId })
    .from(submissions)
    .where(eq(submissions.id, itemId))
    .for('update');
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return row;
}

/** GET /api/board/items/{itemId}/notes: the private notes, oldest first. */
export async function listStaffNotes(db: Executor, itemId: string): Promise<StaffNote[]> {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [submission] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, itemId));
  if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
  const rows = await db
    .select({ note: submissionNotes, author: personName })
    .from(submissionNotes)
    .leftJoin(users, eq(users.id, submissionNotes.authorUserId))
    .where(eq(submissionNotes.submissionId, itemId))
    .orderBy(asc(submissionNotes.createdAt), asc(submissionNotes.id));
  return rows.map(({ note, author }) => ({
    noteId: note.id,
    body: note.body,
    author,
    createdAt: note.createdAt.toISOString(),
  }));
}

/** POST /api/board/items/{itemId}/notes: a private note, and its entry on the trail. */
export async function addStaffNote(
  db: Database,
  itemId: string,
  body: string,
  staff: SessionUser,
): Promise<StaffNote> {
  return db.transaction(async (tx) => {
    await lockSubmission(tx, itemId);
    const [note] = await tx
      .insert(submissionNotes)
      .values({ submissionId: itemId, authorUserId: staff.userId, body })
      .returning();
    if (!note) throw new Error('addStaffNote: no note written');
    await recordSubmissionEvent(tx, {
      submissionId: itemId,
      type: 'note_added',
      actorUserId: staff.userId,
      // `message` is what the artist was told; a note is staff's own, kept in the data.
      data: { noteId: note.id, body },
    });
    return {
      noteId: note.id,
      body: note.body,
      author: staff.name?.trim() || staff.email,
      createdAt: note.createdAt.toISOString(),
    };
  });
}

/** POST /api/board/items/{itemId}/rating: staff's private 1–5 rating, or null to clear it. */
export async function setRating(
  db: Database,
  itemId: string,
  rating: number | null,
  staff: SessionUser,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockSubmission(tx, itemId);
    if (current.rating === rating) return;
    await tx.update(submissions).set({ rating }).where(eq(submissions.id, itemId));
    await recordSubmissionEvent(tx, {
      submissionId: itemId,
      type: 'rating_changed',
      actorUserId: staff.userId,
      data: { from: current.rating, to: rating },
    });
  });
}

/** GET /api/board/reviewers: who a submission can be assigned to (every staff member). */
export async function listReviewers(db: Executor) {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(asc(users.email));
  return rows;
}

/** POST /api/board/items/{itemId}/assignee: a staff member reviews it (or nobody, null). */
export async function assignReviewer(
  db: Database,
  itemId: string,
  userId: string | null,
  staff: SessionUser,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockSubmission(tx, itemId);
    let assignee: { id: string; email: string; name: string | null } | undefined;
    if (userId !== null) {
      if (!isRecordId(userId)) throw badRequest(ASSIGNEE_NOT_STAFF);
      [assignee] = await tx
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.role, 'staff')));
      if (!assignee) throw badRequest(ASSIGNEE_NOT_STAFF);
    }
    if (current.assignedUserId === userId) return;
    await tx.update(submissions).set({ assignedUserId: userId }).where(eq(submissions.id, itemId));
    await recordSubmissionEvent(tx, {
      submissionId: itemId,
      type: 'assigned',
      actorUserId: staff.userId,
      data: {
        from: current.assignedUserId,
        to: userId,
        ...(assignee ? { assignee: assignee.name?.trim() || assignee.email } : {}),
      },
    });
  });
}
