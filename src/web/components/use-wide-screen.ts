import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useContext } from 'react';
import { WideScreenHintContext } from '../page-data';
import { useHydrating } from './use-hydrating';

/**
 * Whether the screen is at least the theme's `md` wide, for a page that lays itself out by the
 * screen in JavaScript rather than CSS (the board: a table, or cards on phones). While a page the
 * server rendered is hydrated, the answer is the server's guess (page-data.ts), so that
 * the client's first render is the server's markup; the real screen's answer follows at once.
 */
export function useWideScreen(): boolean {
  const theme = useTheme();
  const hydrating = useHydrating();
  const hint = useContext(WideScreenHintContext);
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  return hydrating ? hint : wide;
}
