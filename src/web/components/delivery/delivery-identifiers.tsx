import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import type { DeliveryView } from '../../../domain';
import { describeOrigin } from './delivery-words';

const codeSx = { fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' } as const;

function Code({ value }: { value: string | null }) {
  if (!value)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Not assigned
      </Box>
    );
  return (
    <Box component="code" sx={codeSx}>
      {value}
    </Box>
  );
}

/** "2026 · Imprint Records": what staff set, and the default where they set nothing. */
function describeLine(
  line: { year: number | null; owner: string | null },
  defaultYear: string,
  defaultOwner: string,
): string {
  return `${line.year ?? defaultYear} · ${line.owner?.trim() || `${defaultOwner} (the label)`}`;
}

/**
 * The codes stores know the release by, each with where it came from, and the copyright lines.
 * "Edit" opens the editor; the checklist's fixes open it on their field.
 */
export function DeliveryIdentifiers({
  delivery,
  onEdit,
  editRef,
}: {
  delivery: DeliveryView;
  onEdit(): void;
  editRef?: Ref<HTMLButtonElement>;
}) {
  const { identifiers, lines } = delivery;
  const lineSet = (kind: 'pLine' | 'cLine') =>
    lines[kind].year !== null || lines[kind].owner?.trim() ? 'Entered by staff' : 'Default';
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Identifiers and lines
        </Typography>
        <Button
          ref={editRef}
          size="small"
          variant="outlined"
          startIcon={<EditOutlinedIcon aria-hidden="true" />}
          aria-label="Edit identifiers and lines"
          onClick={onEdit}
        >
          Edit
        </Button>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Identifiers and lines">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Item
              </TableCell>
              <TableCell component="th" scope="col">
                Code or line
              </TableCell>
              <TableCell component="th" scope="col">
                Source
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row">
                UPC (ICPN)
              </TableCell>
              <TableCell>
                <Code value={identifiers.icpn} />
              </TableCell>
              <TableCell>{describeOrigin(identifiers.icpn, identifiers.icpnOrigin)}</TableCell>
            </TableRow>
            {identifiers.tracks.map((track) => (
              <TableRow key={track.trackId}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  Track {track.position} “{track.title.trim() || 'Untitled'}”: ISRC
                </TableCell>
                <TableCell>
                  <Code value={track.isrc} />
                </TableCell>
                <TableCell>{describeOrigin(track.isrc, track.isrcOrigin)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row">
                P-line
              </TableCell>
              <TableCell>
                {describeLine(lines.pLine, 'earliest production year', lines.defaultOwner)}
              </TableCell>
              <TableCell>{lineSet('pLine')}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row">
                C-line
              </TableCell>
              <TableCell>{describeLine(lines.cLine, 'release year', lines.defaultOwner)}</TableCell>
              <TableCell>{lineSet('cLine')}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
