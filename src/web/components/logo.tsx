import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { brand } from '../brand';
import { usePublicConfig } from '../config';

interface LogoMarkProps {
  size?: number;
  /** Colour of the record's rings: the brand colour on light surfaces, white on dark ones. */
  tone?: 'light' | 'dark';
}

/** A record seen from above, its label in the accent colour: the mark beside the wordmark. */
export function LogoMark({ size = 32, tone = 'light' }: LogoMarkProps) {
  const ring = tone === 'light' ? brand.primary : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="11" fill={ring} />
      <circle
        cx="20"
        cy="20"
        r="13"
        fill="none"
        stroke={tone === 'light' ? '#fff' : brand.primary}
        strokeWidth="2.5"
      />
      <circle
        cx="20"
        cy="20"
        r="8.5"
        fill="none"
        stroke={tone === 'light' ? '#fff' : brand.primary}
        strokeOpacity="0.55"
        strokeWidth="1.5"
      />
      <circle cx="20" cy="20" r="4" fill={brand.accent} />
    </svg>
  );
}

interface LogoProps {
  tone?: 'light' | 'dark';
}

/** The wordmark: the mark and the label's name, linking home. */
export function Logo({ tone = 'light' }: LogoProps) {
  const { labelName } = usePublicConfig();
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={`${labelName} home`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        textDecoration: 'none',
        color: tone === 'light' ? 'text.primary' : '#fff',
        borderRadius: '8px',
        // A long label name shrinks to an ellipsis rather than push the menu button off a phone screen.
        minWidth: 0,
      }}
    >
      <Box component="span" sx={{ display: 'inline-flex', flexShrink: 0 }}>
        <LogoMark tone={tone} />
      </Box>
      <Box
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: { xs: '1.15rem', sm: '1.3rem' },
          letterSpacing: '-0.02em',
          lineHeight: 1.2,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          minWidth: 0,
        }}
      >
        {labelName}
      </Box>
    </Box>
  );
}
