import type { PlannerSettings } from '../../../domain';
import type { Database, Executor } from '../../db/client';
import { getSetting, setSetting } from '../settings/app-settings';

/** The deadline planner's settings, each read through the settings cache. */
export async function readPlannerSettings(executor: Executor): Promise<PlannerSettings> {
  const [deliveryLeadDays, pitchLeadDays, reminderDaysBefore] = await Promise.all([
    getSetting(executor, 'deliveryLeadDays'),
    getSetting(executor, 'pitchLeadDays'),
    getSetting(executor, 'reminderDaysBefore'),
  ]);
  return { deliveryLeadDays, pitchLeadDays, reminderDaysBefore };
}

/** PUT /api/release-planning/settings: all three at once (the route's schema checked the ranges). */
export async function savePlannerSettings(db: Database, settings: PlannerSettings): Promise<PlannerSettings> {
  await db.transaction(async (tx) => {
    await setSetting(tx, 'deliveryLeadDays', settings.deliveryLeadDays);
    await setSetting(tx, 'pitchLeadDays', settings.pitchLeadDays);
    await setSetting(tx, 'reminderDaysBefore', settings.reminderDaysBefore);
  });
  return readPlannerSettings(db);
}
