/**
 * `sx` for text that screen readers read and screens do not show. Pixel strings on purpose: in
 * `sx` a bare 1 would mean 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
