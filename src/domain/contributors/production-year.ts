import { getYearOf, type IsoDate } from '../common/calendar-date';

export const MIN_PRODUCTION_YEAR = 1900;

/** The spec's 2025 was that portal's current year; Imprint uses the year of "today" (design.md §2). */
export function getMaxProductionYear(today: IsoDate): number {
  return getYearOf(today);
}

export type ProductionYearCheck = 'ok' | 'missing' | 'out-of-range';

export function checkProductionYear(
  value: string | number | null | undefined,
  today: IsoDate,
): ProductionYearCheck {
  const text = value == null ? '' : String(value).trim();
  if (text === '') return 'missing';
  if (!/^\d{1,4}$/.test(text)) return 'out-of-range';
  const year = Number(text);
  return year >= MIN_PRODUCTION_YEAR && year <= getMaxProductionYear(today) ? 'ok' : 'out-of-range';
}
