import { useContext } from 'react';
import type { IsoDate } from '../../domain';
import { getToday } from '../forms/form-values';
import { RenderedTodayContext } from '../page-data';
import { useHydrating } from './use-hydrating';

/**
 * Today in the reader's calendar, for what a page shows relative to it ("in 12 days"), except
 * while a page the server rendered is hydrated: then the day the server rendered it on, so that
 * hydration finds the server's text (its clock and zone are not the reader's), and the reader's
 * own day right after.
 */
export function useToday(): IsoDate {
  const hydrating = useHydrating();
  const rendered = useContext(RenderedTodayContext);
  return hydrating && rendered ? rendered : getToday();
}
