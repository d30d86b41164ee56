import { desc, eq } from 'drizzle-orm';
import type { AgreementTemplate } from '../../../domain';
import type { Database } from '../../db/client';
import { agreementTemplates, users } from '../../db/schema';
import { type AgreementTemplateRow, getCurrentTemplate } from './get-current-template';

/** A version as staff read it: `createdBy` is the saver's e-mail (null for the seeded demo). */
export function presentAgreementTemplate(
  row: AgreementTemplateRow,
  createdByEmail: string | null,
): AgreementTemplate {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    createdBy: createdByEmail,
  };
}

/** GET /api/agreement-templates (staff): every version, newest first (the demo is version 1). */
export async function listAgreementTemplates(db: Database): Promise<AgreementTemplate[]> {
  await getCurrentTemplate(db);
  const rows = await db
    .select({ template: agreementTemplates, email: users.email })
    .from(agreementTemplates)
    .leftJoin(users, eq(users.id, agreementTemplates.createdByUserId))
    .orderBy(desc(agreementTemplates.version));
  return rows.map((row) => presentAgreementTemplate(row.template, row.email));
}
