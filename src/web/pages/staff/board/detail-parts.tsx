import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SignedFile } from '../../../../domain';
import { ResponsiveImage } from '../../../components/responsive-image';
import { StaffPageHeader } from '../../../components/staff-page-header';
import { visuallyHidden } from '../../../components/visually-hidden';
import { EMPTY_VALUE, formatFileSize, formatImageSize } from './board-format';

export function InfoList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {children}
    </Box>
  );
}

/** One label and its value; an empty value reads as the em dash. */
export function InfoRow({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === undefined || children === null || children === '' || children === false;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ py: 0.75 }}>
      <Typography
        component="dt"
        variant="body2"
        sx={{ color: 'text.secondary', minWidth: { sm: 200 }, flexShrink: 0 }}
      >
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {empty ? EMPTY_VALUE : children}
      </Typography>
    </Stack>
  );
}

/** Only http(s) addresses become links: what an artist typed never turns into a script URL. */
export function isWebAddress(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^https?:\/\/\S+$/i.test(value.trim());
}

/** A link that leaves the portal, in a new tab; text that is not a web address stays text. */
export function ExternalLink({ href, children }: { href: string | null | undefined; children?: ReactNode }) {
  if (!href) return null;
  if (!isWebAddress(href)) return <>{children ?? href}</>;
  return (
    <Link href={href.trim()} target="_blank" rel="noopener noreferrer">
      {children ?? href}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Link>
  );
}

/** Saves a file with its original name (the signed link answers with Content-Disposition: attachment). */
export function DownloadButton({ href, label }: { href: string; label: string }) {
  return (
    <Button
      component="a"
      href={href}
      download
      size="small"
      variant="outlined"
      startIcon={<DownloadIcon />}
      aria-label={label}
    >
      Download
    </Button>
  );
}

/** A staff page whose record does not exist: its title, and what may have gone wrong. */
export function RecordNotFound({ title, noun }: { title: string; noun: string }) {
  return (
    <StaffPageHeader title={title}>
      There is no {noun} at this address. It may have been mistyped, or the link is out of date.
    </StaffPageHeader>
  );
}

/**
 * An uploaded picture as staff review it: the image (never cropped), its file name, pixel and file
 * size, and a download of the original. `large` is the release artwork, small a track's own cover.
 */
export function ArtworkFile({
  artwork,
  alt,
  downloadLabel,
  large = false,
}: {
  artwork: SignedFile;
  alt: string;
  downloadLabel: string;
  large?: boolean;
}) {
  const frame = large
    ? { width: '100%', maxWidth: 320, height: 'auto', aspectRatio: '1 / 1' }
    : { width: 120, height: 120, flexShrink: 0 };
  return (
    <Stack
      direction={large ? { xs: 'column', sm: 'row' } : 'row'}
      spacing={large ? 3 : 2}
      sx={{ alignItems: large ? { sm: 'flex-start' } : 'flex-start', ...(large ? {} : { mt: 1 }) }}
    >
      <ResponsiveImage
        key={artwork.url}
        src={artwork.url}
        alt={alt}
        sizes={large ? '320px' : '120px'}
        width={large ? 320 : 120}
        height={large ? 320 : 120}
        sx={{
          ...frame,
          display: 'block',
          objectFit: 'contain',
          bgcolor: 'background.default',
          borderRadius: '8px',
          border: 1,
          borderColor: 'divider',
        }}
      />
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{artwork.fileName}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {[formatImageSize(artwork.media), formatFileSize(artwork.size)].filter(Boolean).join(' · ')}
        </Typography>
        <div>
          <DownloadButton href={artwork.downloadUrl} label={downloadLabel} />
        </div>
      </Stack>
    </Stack>
  );
}
