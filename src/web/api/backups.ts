import { useQuery } from '@tanstack/react-query';
import { type BackupStatus, backupStatusSchema } from '../../domain';
import { ANALYTICS_REFRESH_MS } from './analytics';
import { apiGet } from './client';

export const backupStatusQueryKey = ['analytics-backups'] as const;

export function fetchBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  return apiGet('/api/analytics/backups', backupStatusSchema, signal);
}

/** The scheduled backup's state for the analytics page, refreshed with the dashboard. */
export function useBackupStatus() {
  return useQuery({
    queryKey: backupStatusQueryKey,
    queryFn: ({ signal }) => fetchBackupStatus(signal),
    refetchInterval: ANALYTICS_REFRESH_MS,
  });
}
