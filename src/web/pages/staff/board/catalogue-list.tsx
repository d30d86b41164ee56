import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BoardItemDetail } from '../../../../domain';
import { formatBoardDate } from './board-format';
import { ExternalLink, InfoList, InfoRow } from './detail-parts';
import { SplitList } from './track-list';

type CatalogueItem = BoardItemDetail['catalogueItems'][number];

/** Reads a text field of the catalogue's details (album or track), whatever else the object holds. */
function detailText(details: Record<string, unknown> | null, key: string): string {
  const value = details?.[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function typeLabel(type: string): string {
  if (type === 'album') return 'Album';
  if (type === 'track') return 'Track';
  return type;
}

/** Only images the page may load: our own files and Spotify's CDNs (the CSP's img-src). */
function isShowableImage(url: string | null): url is string {
  if (!url) return false;
  if (url.startsWith('data:image/')) return true;
  try {
    const host = new URL(url).hostname;
    return host === 'i.scdn.co' || host.endsWith('.spotifycdn.com');
  } catch {
    return false;
  }
}

function CatalogueEntry({ item }: { item: CatalogueItem }) {
  const tracks = item.details?.tracks;
  const albumTracks = Array.isArray(tracks) ? tracks.length : undefined;
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {isShowableImage(item.image) && (
          <Box
            component="img"
            src={item.image}
            alt={`Cover of ${item.title}`}
            loading="lazy"
            sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: '8px', flexShrink: 0 }}
          />
        )}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="h4" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 1 }}>
            {typeLabel(item.type)} · {item.artist}
          </Typography>
          <InfoList>
            <InfoRow label="Release date">
              {item.releaseDate ? formatBoardDate(item.releaseDate) : ''}
            </InfoRow>
            <InfoRow label="Label">{detailText(item.details, 'label')}</InfoRow>
            <InfoRow label="UPC">{detailText(item.details, 'upc')}</InfoRow>
            <InfoRow label="ISRC">{detailText(item.details, 'isrc')}</InfoRow>
            {item.type === 'track' && <InfoRow label="Album">{detailText(item.details, 'album')}</InfoRow>}
            {albumTracks !== undefined && albumTracks > 0 && (
              <InfoRow label="Tracks">{String(albumTracks)}</InfoRow>
            )}
            <InfoRow label="Spotify">
              {item.spotifyUrl ? <ExternalLink href={item.spotifyUrl}>Open on Spotify</ExternalLink> : ''}
            </InfoRow>
          </InfoList>
          <Typography variant="h6" component="h4" sx={{ mt: 2, mb: 1 }}>
            Master splits
          </Typography>
          {item.splits.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No master splits.</Typography>
          ) : (
            <SplitList splits={item.splits} owner={item.title} />
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

export function CatalogueList({ item }: { item: BoardItemDetail }) {
  return (
    <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }}>
      {item.catalogueItems.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the artist's order, never reordered here
        <CatalogueEntry key={index} item={entry} />
      ))}
    </Stack>
  );
}
