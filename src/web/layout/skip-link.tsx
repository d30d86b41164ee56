import { styled } from '@mui/material/styles';

/** Hidden until focused: the first tab stop jumps past the top bar to the page's content. */
export const SkipLink = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(2),
  top: theme.spacing(-10),
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1.5, 2.5),
  borderRadius: theme.shape.borderRadius,
  background: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  fontWeight: 600,
  textDecoration: 'none',
  '&:focus': { top: theme.spacing(1.5) },
}));
