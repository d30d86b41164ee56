import { sql } from 'drizzle-orm';
import { type AgreementTemplate, validateAgreementTemplate } from '../../../domain';
import type { Database } from '../../db/client';
import { forgetCached } from '../../db/read-cache';
import { agreementTemplates } from '../../db/schema';
import { badRequest } from '../../errors';
import { CURRENT_TEMPLATE_CACHE_KEY } from './get-current-template';
import { presentAgreementTemplate } from './list-agreement-templates';

/**
 * POST /api/agreement-templates (staff): a new version (the highest + 1). Requests made before
 * keep the text they froze; new ones use this. Two saves at once cannot take the same number:
 * the unique version lets one in and the other takes the next.
 */
export async function saveAgreementTemplate(
  db: Database,
  input: { title: string; body: string },
  staff: { userId: string; email: string },
): Promise<AgreementTemplate> {
  const problems = validateAgreementTemplate(input.title, input.body);
  if (problems.length > 0) throw badRequest(problems[0] ?? '', problems);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await db
      .insert(agreementTemplates)
      .values({
        version: sql`(select coalesce(max(${agreementTemplates.version}), 0) + 1 from ${agreementTemplates})`,
        title: input.title.trim(),
        body: input.body,
        createdByUserId: staff.userId,
      })
      .onConflictDoNothing({ target: agreementTemplates.version })
      .returning();
    if (row) {
      forgetCached(CURRENT_TEMPLATE_CACHE_KEY);
      return presentAgreementTemplate(row, staff.email);
    }
  }
  throw new Error('saveAgreementTemplate: no free version after 5 attempts');
}
