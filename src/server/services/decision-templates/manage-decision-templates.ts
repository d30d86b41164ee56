import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  DECISION_TEMPLATE_NOT_FOUND,
  type DecisionKind,
  type DecisionTemplate,
  type DecisionTemplateCreate,
  type DecisionTemplateUpdate,
  isRecordId,
  type SessionUser,
  TEMPLATE_NAME_TAKEN,
} from '../../../domain';
import type { Database, Executor } from '../../db/client';
import { decisionTemplates, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';

type TemplateRow = typeof decisionTemplates.$inferSelect;

/** A unique index refused the write (PostgreSQL's 23505, as pg or PGlite reports it, maybe wrapped). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function presentDecisionTemplate(row: TemplateRow, updatedBy: string | null): DecisionTemplate {
  return {
    templateId: row.id,
    kind: row.kind,
    name: row.name,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy,
  };
}

const columns = {
  template: decisionTemplates,
  updatedBy: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
};

/** GET /api/decision-templates[?kind=]: the templates in use, by kind then name. */
export async function listDecisionTemplates(db: Executor, kind?: DecisionKind): Promise<DecisionTemplate[]> {
  const rows = await db
    .select(columns)
    .from(decisionTemplates)
    .leftJoin(users, eq(users.id, decisionTemplates.updatedByUserId))
    .where(and(isNull(decisionTemplates.deletedAt), kind ? eq(decisionTemplates.kind, kind) : undefined))
    .orderBy(asc(decisionTemplates.kind), asc(sql`lower(${decisionTemplates.name})`));
  return rows.map((row) => presentDecisionTemplate(row.template, row.updatedBy));
}

/** A template in use (not deleted), or 404; unknown and malformed ids alike. */
export async function findDecisionTemplate(executor: Executor, templateId: string): Promise<TemplateRow> {
  if (!isRecordId(templateId)) throw notFound(DECISION_TEMPLATE_NOT_FOUND);
  const [row] = await executor
    .select()
    .from(decisionTemplates)
    .where(and(eq(decisionTemplates.id, templateId), isNull(decisionTemplates.deletedAt)));
  if (!row) throw notFound(DECISION_TEMPLATE_NOT_FOUND);
  return row;
}

const staffName = (staff: SessionUser) => staff.name?.trim() || staff.email;

/** POST /api/decision-templates: a new template; names are unique per kind (409 otherwise). */
export async function createDecisionTemplate(
  db: Database,
  input: DecisionTemplateCreate,
  staff: SessionUser,
): Promise<DecisionTemplate> {
  const [row] = await db
    .insert(decisionTemplates)
    .values({
      kind: input.kind,
      name: input.name,
      body: input.body,
      createdByUserId: staff.userId,
      updatedByUserId: staff.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(TEMPLATE_NAME_TAKEN);
  return presentDecisionTemplate(row, staffName(staff));
}

/** PUT /api/decision-templates/{templateId}: a new name and text; past decisions keep what they sent. */
export async function updateDecisionTemplate(
  db: Database,
  templateId: string,
  input: DecisionTemplateUpdate,
  staff: SessionUser,
): Promise<DecisionTemplate> {
  const current = await findDecisionTemplate(db, templateId);
  const [taken] = await db
    .select({ id: decisionTemplates.id })
    .from(decisionTemplates)
    .where(
      and(
        eq(decisionTemplates.kind, current.kind),
        sql`lower(${decisionTemplates.name}) = lower(${input.name})`,
        isNull(decisionTemplates.deletedAt),
        ne(decisionTemplates.id, current.id),
      ),
    );
  if (taken) throw conflict(TEMPLATE_NAME_TAKEN);
  try {
    const [row] = await db
      .update(decisionTemplates)
      .set({ name: input.name, body: input.body, updatedByUserId: staff.userId, updatedAt: new Date() })
      .where(and(eq(decisionTemplates.id, current.id), isNull(decisionTemplates.deletedAt)))
      .returning();
    if (!row) throw notFound(DECISION_TEMPLATE_NOT_FOUND);
    return presentDecisionTemplate(row, staffName(staff));
  } catch (error) {
    // Another save took the name between the check and the update.
    if (isUniqueViolation(error)) throw conflict(TEMPLATE_NAME_TAKEN);
    throw error;
  }
}

/**
 * DELETE /api/decision-templates/{templateId}: no longer offered. The row stays (deletedAt), so
 * decisions made with it still name it and the decline reasons keep counting it.
 */
export async function deleteDecisionTemplate(
  db: Database,
  templateId: string,
  staff: SessionUser,
): Promise<void> {
  if (!isRecordId(templateId)) throw notFound(DECISION_TEMPLATE_NOT_FOUND);
  const now = new Date();
  const [row] = await db
    .update(decisionTemplates)
    .set({ deletedAt: now, updatedAt: now, updatedByUserId: staff.userId })
    .where(and(eq(decisionTemplates.id, templateId), isNull(decisionTemplates.deletedAt)))
    .returning({ id: decisionTemplates.id });
  if (!row) throw notFound(DECISION_TEMPLATE_NOT_FOUND);
}
