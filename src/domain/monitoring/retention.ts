/**
 * How long analytics data (web vitals, error events) is kept: the legal text's retention table
 * says "Analytics data: 2 years" (spec 001, legal text; `src/web/components/legal-page.tsx`). The
 * daily `maintenance.analytics-retention` job deletes what is older.
 */
export const ANALYTICS_RETENTION_YEARS = 2;
