import { desc } from 'drizzle-orm';
import { DEMO_AGREEMENT_TEMPLATE } from '../../../domain';
import type { Executor } from '../../db/client';
import { readThroughCache } from '../../db/read-cache';
import { agreementTemplates } from '../../db/schema';

export type AgreementTemplateRow = typeof agreementTemplates.$inferSelect;

async function findLatest(executor: Executor): Promise<AgreementTemplateRow | undefined> {
  const [row] = await executor
    .select()
    .from(agreementTemplates)
    .orderBy(desc(agreementTemplates.version))
    .limit(1);
  return row;
}

/** The read cache's key of the current template; saveAgreementTemplate forgets it. */
export const CURRENT_TEMPLATE_CACHE_KEY = 'agreement-template:current';

/**
 * The template new requests are made from: the newest version. An installation that never saved
 * one gets the demo template as version 1 the first time it is needed; two first readers at once
 * both insert version 1 and the unique version lets exactly one of them in. A version never
 * changes once saved, so outside a transaction the newest is kept for a few seconds
 * (db/read-cache.ts); a request is made in a transaction and freezes what the database holds.
 */
export function getCurrentTemplate(executor: Executor): Promise<AgreementTemplateRow> {
  return readThroughCache(executor, CURRENT_TEMPLATE_CACHE_KEY, () => findOrCreateCurrent(executor));
}

async function findOrCreateCurrent(executor: Executor): Promise<AgreementTemplateRow> {
  const latest = await findLatest(executor);
  if (latest) return latest;
  await executor
    .insert(agreementTemplates)
    .values({ version: 1, title: DEMO_AGREEMENT_TEMPLATE.title, body: DEMO_AGREEMENT_TEMPLATE.body })
    .onConflictDoNothing({ target: agreementTemplates.version });
  const created = await findLatest(executor);
  if (!created) throw new Error('getCurrentTemplate: no template after inserting version 1');
  return created;
}
