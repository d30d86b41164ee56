/**
 * A description list (`<dl>`) laid out as two columns (term, value) from the small breakpoint up,
 * stacked on phones: the summary of an agreement and its sealed record read the same way.
 */
export const descriptionGridSx = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
  columnGap: 3,
  rowGap: { xs: 0.25, sm: 1 },
  '& dt': { color: 'text.secondary', fontWeight: 500, mt: { xs: 1, sm: 0 } },
  '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
} as const;
