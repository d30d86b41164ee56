import { useCallback } from 'react';
import { useFormContext } from 'react-hook-form';
import type { StrategyUpdate } from '../../../../../domain';
import type { SubmitFormValues } from '../../../../forms/form-values';

type FormTrack = SubmitFormValues['tracks'][number];

const DIRTY = { shouldDirty: true } as const;

/**
 * Writes what a domain strategy transition returned. The five fields move together (the
 * summary dates follow the tracks), so they are always written as one update.
 */
export function useApplyStrategyUpdate(): (update: StrategyUpdate<FormTrack>) => void {
  const { setValue } = useFormContext<SubmitFormValues>();
  return useCallback(
    (update) => {
      setValue('tracks', update.tracks, DIRTY);
      setValue('releaseStrategy', update.releaseStrategy, DIRTY);
      setValue('singlesCount', update.singlesCount, DIRTY);
      setValue('firstSingleDate', update.firstSingleDate, DIRTY);
      setValue('lastSingleDate', update.lastSingleDate, DIRTY);
    },
    [setValue],
  );
}
