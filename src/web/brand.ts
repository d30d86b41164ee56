/** Brand colours, also used directly for the dark hero and footer surfaces. */
export const brand = {
  primary: '#5530d9',
  primaryDark: '#3b1fa3',
  primaryLight: '#7c5cf0',
  accent: '#ff6b4a',
  ink: '#1a1533',
  night: '#160f33',
  nightRaised: '#2d1b78',
  /** Soft text on the night surfaces: 10:1 on `night`, 8:1 on `nightRaised`. */
  mist: '#c9bfff',
  canvas: '#f7f6fb',
} as const;
