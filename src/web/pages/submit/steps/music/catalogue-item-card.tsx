import AlbumIcon from '@mui/icons-material/Album';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import type { AlbumDetails, CatalogueItem, TrackDetails } from '../../../../../domain';
import { formatCatalogueReleaseDate, formatTrackDuration } from '../../../../../domain';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { MasterSplitsEditor } from '../../../../forms/track/master-splits-editor';

interface CatalogueItemCardProps {
  item: CatalogueItem;
  /** Its place in `catalogueItems`, for the master splits' form paths. */
  index: number;
  onRemove(): void;
}

const NOT_AVAILABLE = 'Not available';

/** One release in the transfer list: what it is, its details on demand, and its master splits. */
export function CatalogueItemCard({ item, index, onRemove }: CatalogueItemCardProps) {
  const detailsId = useId();
  const titleId = useId();
  const [expanded, setExpanded] = useState(false);
  const releaseDate = formatCatalogueReleaseDate(item.releaseDate ?? item.details?.releaseDate);
  const label = item.details?.label;
  const Fallback = item.type === 'album' ? AlbumIcon : MusicNoteIcon;

  return (
    <Card component="article" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Avatar
          variant="rounded"
          src={item.image}
          alt=""
          sx={{ width: { xs: 64, sm: 88 }, height: { xs: 64, sm: 88 }, bgcolor: 'action.selected' }}
        >
          <Fallback aria-hidden sx={{ color: 'text.secondary', fontSize: 32 }} />
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography id={titleId} variant="h6" component="h4" sx={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {item.artist}
          </Typography>
          <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={item.type === 'album' ? 'Album' : 'Track'}
            />
            {releaseDate && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Released {releaseDate}
              </Typography>
            )}
            {label && (
              <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                Label: {label}
              </Typography>
            )}
          </Stack>
        </Box>
      </Stack>

      <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        <Button
          size="small"
          onClick={() => setExpanded((open) => !open)}
          aria-expanded={expanded}
          aria-controls={detailsId}
          endIcon={
            <ExpandMoreIcon
              aria-hidden
              sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            />
          }
        >
          {expanded ? 'Hide details' : 'Show details'}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon aria-hidden />}
          onClick={onRemove}
          aria-label={`Remove “${item.title}”`}
        >
          Remove
        </Button>
      </Stack>

      <Collapse in={expanded} unmountOnExit>
        <Box id={detailsId} sx={{ mt: 1.5 }}>
          {item.type === 'album' ? (
            <AlbumDetailsView details={item.details} />
          ) : (
            <TrackDetailsView details={item.details} />
          )}
          {item.spotifyUrl && (
            <Link href={item.spotifyUrl} target="_blank" rel="noopener noreferrer" variant="body2">
              Open on Spotify
              <Box component="span" sx={visuallyHidden}>
                {' '}
                (opens in a new tab)
              </Box>
            </Link>
          )}
        </Box>
      </Collapse>

      <Divider sx={{ my: 2 }} />
      <MasterSplitsEditor metadataPath={`catalogueItems.${index}.metadata`} ownerTitle={item.title} />
    </Card>
  );
}

function DetailList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.5 },
        m: 0,
        mb: 1.5,
        '& dt': { color: 'text.secondary', typography: 'body2' },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, typography: 'body2', overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

function TrackDetailsView({ details }: { details: TrackDetails | undefined }) {
  return (
    <DetailList
      rows={[
        ['ISRC', details?.isrc ?? NOT_AVAILABLE],
        ['Album', details?.album ?? NOT_AVAILABLE],
        ['UPC', details?.upc ?? NOT_AVAILABLE],
        ['Duration', formatTrackDuration(details?.duration) ?? NOT_AVAILABLE],
      ]}
    />
  );
}

function AlbumDetailsView({ details }: { details: AlbumDetails | undefined }) {
  const tracks = details?.tracks ?? [];
  return (
    <>
      <DetailList
        rows={[
          ['UPC', details?.upc ?? NOT_AVAILABLE],
          ['Tracks', String(details?.totalTracks ?? tracks.length)],
          ...(details?.copyrights?.length
            ? ([['Copyright', details.copyrights.join(' · ')]] as [string, ReactNode][])
            : []),
        ]}
      />
      {tracks.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          We couldn’t load this album’s track list. Our team will confirm it with you during the transfer.
        </Typography>
      ) : (
        <TableContainer sx={{ mb: 1.5, overflowX: 'auto' }}>
          <Table size="small" aria-label="Track list">
            <TableHead>
              <TableRow>
                <TableCell scope="col" sx={{ width: 40 }}>
                  #
                </TableCell>
                <TableCell scope="col">Title</TableCell>
                <TableCell scope="col" align="right">
                  Duration
                </TableCell>
                <TableCell scope="col" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  ISRC
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tracks.map((track) => (
                <TableRow key={`${track.trackNumber}-${track.title}`}>
                  <TableCell>{track.trackNumber}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {track.title}
                    {track.isrc && (
                      <Typography
                        variant="caption"
                        component="span"
                        sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
                      >
                        ISRC {track.isrc}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatTrackDuration(track.duration) ?? '—'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {track.isrc ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
