import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { type DeliveryPreview, formatDuration, formatLongDate } from '../../../domain';
import { descriptionGridSx } from '../description-grid';
import { formatBytes, shortHash } from './delivery-words';

/** The first 12 characters of a SHA-256, the whole of it on hover and to screen readers as its title. */
function Hash({ sha256 }: { sha256: string }) {
  return (
    <Box
      component="abbr"
      title={`SHA-256 ${sha256}`}
      sx={{ fontFamily: 'monospace', fontSize: '0.75rem', textDecoration: 'none', cursor: 'help' }}
    >
      {shortHash(sha256)}…
    </Box>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/**
 * What the DDEX message says, in words rather than XML: the release, each track with its file and
 * fingerprint, and the deals. Staff read this before sending it to stores.
 */
export function DeliveryPreviewView({
  preview,
  demoSender,
}: {
  preview: DeliveryPreview;
  demoSender: boolean;
}) {
  const tracksId = useId();
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        What the message says
      </Typography>
      {demoSender && (
        <Alert severity="info">
          Demo sender: messages are marked as test messages until DDEX_PARTY_ID is set.
        </Alert>
      )}
      <Box component="dl" sx={{ ...descriptionGridSx, rowGap: { xs: 0.25, sm: 0.5 }, typography: 'body2' }}>
        <Row term="UPC (ICPN)">
          <Box component="code" sx={{ fontFamily: 'monospace' }}>
            {preview.icpn}
          </Box>
        </Row>
        <Row term="Title">{preview.title}</Row>
        <Row term="Type">{preview.releaseType}</Row>
        <Row term="Display artist">{preview.displayArtist}</Row>
        <Row term="Label">{preview.labelName}</Row>
        <Row term="Genre">{preview.genre}</Row>
        <Row term="Release date">
          <time dateTime={preview.releaseDate}>
            {formatLongDate(preview.releaseDate) ?? preview.releaseDate}
          </time>
        </Row>
        <Row term="P-line">{preview.pLine}</Row>
        <Row term="C-line">{preview.cLine}</Row>
        <Row term="Total duration">{formatDuration(preview.durationSeconds)}</Row>
        <Row term="Cover">
          {preview.cover.fileName} · {formatBytes(preview.cover.bytes)} ·{' '}
          <Hash sha256={preview.cover.sha256} />
        </Row>
      </Box>
      {/* Named apart from the page's own "Tracks" section: two regions of one name are one landmark too many. */}
      <Typography id={tracksId} variant="subtitle2" component="h4">
        Tracks in the message ({preview.tracks.length})
      </Typography>
      {/* Eight columns do not fit a phone: the table scrolls, and takes focus to scroll by keyboard. */}
      <Box
        role="region"
        aria-labelledby={tracksId}
        // A region that scrolls sideways takes focus, so it can be scrolled by keyboard.
        tabIndex={0}
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small" aria-labelledby={tracksId} sx={{ '& td, & th': { verticalAlign: 'top', px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                No.
              </TableCell>
              <TableCell component="th" scope="col">
                Title
              </TableCell>
              <TableCell component="th" scope="col">
                Display artist
              </TableCell>
              <TableCell component="th" scope="col">
                ISRC
              </TableCell>
              <TableCell component="th" scope="col">
                Duration
              </TableCell>
              <TableCell component="th" scope="col">
                Explicit
              </TableCell>
              <TableCell component="th" scope="col">
                Credits
              </TableCell>
              <TableCell component="th" scope="col">
                File
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.tracks.map((track) => (
              <TableRow key={track.position}>
                <TableCell>{track.position}</TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, minWidth: 120 }}>
                  {track.title}
                </TableCell>
                <TableCell sx={{ minWidth: 120 }}>{track.displayArtist}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{track.isrc}</TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatDuration(track.durationSeconds)}
                </TableCell>
                <TableCell>{track.parentalWarning}</TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  {track.credits.length > 0
                    ? track.credits
                        .map((credit) =>
                          credit.roles.length > 0
                            ? `${credit.name} (${credit.roles.join(', ')})`
                            : credit.name,
                        )
                        .join('; ')
                    : '—'}
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  <Box sx={{ overflowWrap: 'anywhere' }}>{track.fileName}</Box>
                  <Box sx={{ color: 'text.secondary' }}>
                    {track.format} · <Hash sha256={track.sha256} />
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h4">
          Deals
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
          {preview.deals.map((deal) => (
            <li key={deal}>{deal}</li>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
