import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type MouseEvent, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import type { BoardRow } from '../../../../domain';
import { DeliveryStateChip } from '../../../components/delivery-state-chip';
import { ResponseDueChip } from '../../../components/response-due-chip';
import { StatusChip } from '../../../components/status-chip';
import { visuallyHidden } from '../../../components/visually-hidden';
import {
  EMPTY_VALUE,
  formatBoardDate,
  formatShortBoardDate,
  formatSubmissionType,
  releaseTitleOf,
} from './board-format';
import { NextDeadline } from './next-deadline';
import { ReviewerSelect } from './reviewer-select';
import { SubmittedAt } from './submitted-at';
import { WaveformPreview } from './waveform-preview';

/** One line of text, cut short with an ellipsis. */
const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export function detailsPath(itemId: string): string {
  return `/details/${encodeURIComponent(itemId)}`;
}

/** The rows chosen by a click: one, or with Shift the whole run from the last one clicked. */
export function selectWithRange(
  ids: string[],
  selected: ReadonlySet<string>,
  clicked: string,
  anchor: string | null,
  shift: boolean,
): Set<string> {
  const next = new Set(selected);
  const on = !selected.has(clicked);
  const from = anchor ? ids.indexOf(anchor) : -1;
  const to = ids.indexOf(clicked);
  if (shift && from >= 0 && to >= 0) {
    const [start, end] = from < to ? [from, to] : [to, from];
    for (const id of ids.slice(start, end + 1)) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  }
  if (on) next.add(clicked);
  else next.delete(clicked);
  return next;
}

interface TriageTableProps {
  rows: BoardRow[];
  /** The row keyboard triage acts on (j/k move it), or -1 before the first j. */
  current: number;
  onCurrentChange(index: number): void;
  selected: ReadonlySet<string>;
  onSelectedChange(next: Set<string>): void;
}

/**
 * The board's list for triage: a row per submission with a checkbox, its status
 * (with its delivery to the stores beside it), a link to it with its artist and type, its preview
 * with the waveform, its dates, the response promise, its reviewer (assignable here) and rating;
 * seven columns, so the whole row is in view at 1280 px without scrolling sideways, and rows of
 * two lines, so at least eight are at 1280×800 (staff pages as a workspace). The
 * current row (j/k) is marked aria-current, outlined, focused and scrolled into view; clicking a
 * row makes it current. Private review fields are staff's only, as is this page.
 */
export function TriageTable({
  rows,
  current,
  onCurrentChange,
  selected,
  onSelectedChange,
}: TriageTableProps) {
  const anchor = useRef<string | null>(null);
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const ids = rows.map((row) => row.itemId);
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.itemId));
  const someOnPage = rows.some((row) => selected.has(row.itemId));

  useEffect(() => {
    const row = rowRefs.current[current];
    if (!row) return;
    // Focus moves to the row unless the reader is working in a field of it.
    if (!row.contains(document.activeElement) || document.activeElement === document.body)
      row.focus({ preventScroll: true });
    row.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  function toggleRow(event: MouseEvent, itemId: string) {
    onSelectedChange(selectWithRange(ids, selected, itemId, anchor.current, event.shiftKey));
    anchor.current = itemId;
  }

  return (
    <TableContainer
      sx={{ bgcolor: 'background.paper', borderRadius: '12px', border: 1, borderColor: 'divider' }}
    >
      {/* Dense rows, a line or two per cell, so a laptop's screen shows eight or more at once. */}
      <Table
        aria-label="Submissions"
        size="small"
        sx={{
          '& .MuiTableCell-root': { px: 1, py: 0.5 },
          '& .MuiTableCell-paddingCheckbox': { pl: 0.5, pr: 0 },
          '& .MuiTableCell-head': { py: 0.75, typography: 'body2', fontWeight: 600, whiteSpace: 'nowrap' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allOnPage}
                indeterminate={someOnPage && !allOnPage}
                onChange={() => {
                  const next = new Set(selected);
                  for (const id of ids) {
                    if (allOnPage) next.delete(id);
                    else next.add(id);
                  }
                  onSelectedChange(next);
                }}
                slotProps={{ input: { 'aria-label': 'Select all submissions shown' } }}
              />
            </TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Release</TableCell>
            <TableCell>Preview</TableCell>
            <TableCell>Dates</TableCell>
            <TableCell>Answer by</TableCell>
            <TableCell>Reviewer and rating</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => {
            const isCurrent = index === current;
            const title = releaseTitleOf(row);
            return (
              <TableRow
                key={row.itemId}
                ref={(element) => {
                  rowRefs.current[index] = element;
                }}
                hover
                tabIndex={-1}
                aria-current={isCurrent ? 'true' : undefined}
                aria-label={`${title} by ${row.artistName || 'an unknown artist'}`}
                data-item-id={row.itemId}
                selected={selected.has(row.itemId)}
                onClick={() => onCurrentChange(index)}
                sx={{
                  position: 'relative',
                  scrollMarginBlock: '96px',
                  '&:focus-within, &:focus': { bgcolor: 'action.hover' },
                  '&:focus-visible': { outline: 'none' },
                  ...(isCurrent
                    ? {
                        outline: (theme) => `3px solid ${theme.palette.primary.main}`,
                        outlineOffset: '-3px',
                      }
                    : {}),
                }}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(row.itemId)}
                    onClick={(event) => {
                      event.stopPropagation();
                      toggleRow(event, row.itemId);
                    }}
                    slotProps={{
                      input: {
                        'aria-label': `Select "${title}" by ${row.artistName || 'an unknown artist'}`,
                      },
                    }}
                  />
                </TableCell>
                {/* The delivery to the stores beside the status, wrapping under it where the column is narrow. */}
                <TableCell>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <StatusChip status={row.status} />
                    <DeliveryStateChip state={row.deliveryState} />
                  </Stack>
                </TableCell>
                {/* The widest column: what is left of the row, each line cut short with an ellipsis
                    (the whole title on hover) rather than wrapped. */}
                <TableCell sx={{ width: '100%', maxWidth: 0, minWidth: 200 }}>
                  <Link
                    component={RouterLink}
                    to={detailsPath(row.itemId)}
                    title={title}
                    sx={{ fontWeight: 600, display: 'block', ...ONE_LINE }}
                  >
                    {title}
                  </Link>
                  <Typography
                    variant="body2"
                    component="div"
                    sx={{ color: 'text.secondary', display: 'flex', minWidth: 0 }}
                  >
                    <Box component="span" sx={{ ...ONE_LINE, minWidth: 0 }}>
                      {row.artistName || '—'}
                    </Box>
                    <Box component="span" sx={{ flexShrink: 0, '&::before': { content: '"·"', mx: 0.75 } }}>
                      {formatSubmissionType(row.uploadType, row.releaseType)}
                    </Box>
                  </Typography>
                </TableCell>
                <TableCell>
                  <WaveformPreview row={row} />
                </TableCell>
                {/* The release date and when it arrived, the next deadline beside them: one
                    column of two lines (the day it arrived, its time on hover). */}
                <TableCell sx={{ typography: 'body2' }}>
                  <Box
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: 'auto auto',
                      columnGap: 1.5,
                      alignItems: 'center',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    <Box sx={{ gridColumn: 1 }}>
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        Release{' '}
                      </Box>
                      <span title={formatBoardDate(row.releaseDate)}>
                        {formatShortBoardDate(row.releaseDate)}
                      </span>
                    </Box>
                    <Box sx={{ gridColumn: 1 }}>
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        Submitted{' '}
                      </Box>
                      <SubmittedAt createdAt={row.createdAt} dayOnly />
                    </Box>
                    <Box sx={{ gridColumn: 2, gridRow: '1 / span 2' }}>
                      <NextDeadline itemId={row.itemId} stacked />
                    </Box>
                  </Box>
                </TableCell>
                {/* The response promise, while the submission waits for an answer. */}
                <TableCell>
                  {row.responseDue ? <ResponseDueChip due={row.responseDue} dense /> : EMPTY_VALUE}
                </TableCell>
                {/* The reviewer and the rating side by side: one line. */}
                <TableCell onClick={(event) => event.stopPropagation()}>
                  <Box
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      '& .MuiSelect-select': { py: '5px', typography: 'body2' },
                      '& .MuiTextField-root': { width: 124, minWidth: 0 },
                    }}
                  >
                    <ReviewerSelect
                      itemId={row.itemId}
                      assignee={row.assignee}
                      compact
                      label={`Reviewer of "${title}"`}
                    />
                    <Box sx={{ typography: 'body2', whiteSpace: 'nowrap', flexShrink: 0 }}>
                      {row.rating ? (
                        <Box
                          component="span"
                          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
                          aria-label={`Rated ${row.rating} out of 5`}
                        >
                          <StarIcon fontSize="small" sx={{ color: 'warning.main' }} aria-hidden="true" />
                          {row.rating}
                        </Box>
                      ) : (
                        <Box
                          component="span"
                          sx={{ display: 'inline-flex', color: 'text.secondary' }}
                          aria-label="Not rated"
                        >
                          <StarBorderIcon fontSize="small" aria-hidden="true" />
                          <Box component="span" sx={visuallyHidden}>
                            Not rated
                          </Box>
                        </Box>
                      )}
                    </Box>
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
