import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  type BoardItemSummary,
  getStatusLabel,
  isSubmissionStatus,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../../domain';
import { useBoardItems } from '../../api/board';
import { LoadMore, pagedListState } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { ResponseDueChip } from '../../components/response-due-chip';
import { StatusChip } from '../../components/status-chip';
import { useReaderTimeZone } from '../../components/use-reader-time-zone';
import { useWideScreen } from '../../components/use-wide-screen';
import { visuallyHidden } from '../../components/visually-hidden';
import {
  BOARD_PATH,
  EMPTY_VALUE,
  formatBoardDate,
  formatSubmissionType,
  formatSubmittedAt,
  releaseTitleOf,
} from './board/board-format';
import { NextDeadline } from './board/next-deadline';

function detailsPath(itemId: string): string {
  return `/details/${encodeURIComponent(itemId)}`;
}

/** `?status=` names one canonical status; anything else (or nothing) is the whole board. */
function parseStatusFilter(value: string | null): SubmissionStatus | undefined {
  return isSubmissionStatus(value) ? value : undefined;
}

function StatusFilter({
  selected,
  counts,
}: {
  selected: SubmissionStatus | undefined;
  counts: Record<string, number> | undefined;
}) {
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const options: { status: SubmissionStatus | undefined; label: string; count: number | undefined }[] = [
    { status: undefined, label: 'All', count: total },
    ...SUBMISSION_STATUSES.map((status) => ({
      status,
      label: getStatusLabel(status),
      count: counts?.[status],
    })),
  ];
  return (
    <Box component="nav" aria-label="Filter by status" sx={{ mb: 3 }}>
      {/* On a phone the chips are one row that scrolls sideways: wrapped, the counts arriving with
          the board (and making the chips wider) would add a row and push the list down (issue 17:
          no layout shift). The padding keeps the focus ring inside the scrolling row. */}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          display: 'flex',
          gap: 1,
          flexWrap: { xs: 'nowrap', sm: 'wrap' },
          overflowX: { xs: 'auto', sm: 'visible' },
          mx: { xs: -2, sm: 0 },
          px: { xs: 2, sm: 0 },
          py: { xs: 0.75, sm: 0 },
          my: { xs: -0.75, sm: 0 },
        }}
      >
        {options.map((option) => {
          const active = option.status === selected;
          return (
            <Box component="li" key={option.label} sx={{ flexShrink: 0 }}>
              <Chip
                component={RouterLink}
                to={option.status ? `${BOARD_PATH}?status=${option.status}` : BOARD_PATH}
                clickable
                aria-current={active ? 'page' : undefined}
                label={option.count === undefined ? option.label : `${option.label} (${option.count})`}
                color={active ? 'primary' : 'default'}
                variant={active ? 'filled' : 'outlined'}
              />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * When a submission was made, in the reader's time zone: a component of its own, so that only this
 * text is rendered again after a page the server rendered is hydrated (`useReaderTimeZone`).
 */
function SubmittedAt({ createdAt }: { createdAt: string }) {
  return formatSubmittedAt(createdAt, useReaderTimeZone());
}

/**
 * The table on a wide screen, the cards on a phone. Both are made by the page and only one is
 * returned, so finding the same screen after hydration (`useWideScreen`) renders neither again.
 */
function ByScreen({ wide, narrow }: { wide: ReactNode; narrow: ReactNode }) {
  return useWideScreen() ? wide : narrow;
}

function BoardTable({ items }: { items: BoardItemSummary[] }) {
  return (
    <TableContainer
      sx={{ bgcolor: 'background.paper', borderRadius: '16px', border: 1, borderColor: 'divider' }}
    >
      <Table aria-label="Submissions">
        <TableHead>
          <TableRow>
            <TableCell>Status</TableCell>
            <TableCell>Artist</TableCell>
            <TableCell>Release title</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Release date</TableCell>
            <TableCell>Submitted</TableCell>
            <TableCell>Answer by</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow
              key={item.itemId}
              hover
              // The title's link covers the whole row (see its ::after), so any click on the row opens it.
              sx={{ position: 'relative', '&:focus-within': { bgcolor: 'action.hover' } }}
            >
              <TableCell>
                <StatusChip status={item.status} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.artistName || '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link
                  component={RouterLink}
                  to={detailsPath(item.itemId)}
                  sx={{
                    fontWeight: 600,
                    '&::after': { content: '""', position: 'absolute', inset: 0 },
                  }}
                >
                  {releaseTitleOf(item)}
                </Link>
              </TableCell>
              <TableCell>{formatSubmissionType(item.uploadType, item.releaseType)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatBoardDate(item.releaseDate)}
                <NextDeadline itemId={item.itemId} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <SubmittedAt createdAt={item.createdAt} />
              </TableCell>
              {/* The response promise (issue 20 §4), while the submission waits for an answer. */}
              <TableCell>
                {item.responseDue ? <ResponseDueChip due={item.responseDue} /> : EMPTY_VALUE}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function BoardCards({ items }: { items: BoardItemSummary[] }) {
  return (
    <Stack component="ul" spacing={1.5} aria-label="Submissions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <li key={item.itemId}>
          <Card>
            <CardActionArea component={RouterLink} to={detailsPath(item.itemId)}>
              <CardContent>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
                >
                  <StatusChip status={item.status} />
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {formatSubmissionType(item.uploadType, item.releaseType)}
                  </Typography>
                </Stack>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {releaseTitleOf(item)}
                </Typography>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{item.artistName || '—'}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                  Release date: {formatBoardDate(item.releaseDate)}
                </Typography>
                <NextDeadline itemId={item.itemId} />
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Submitted: <SubmittedAt createdAt={item.createdAt} />
                </Typography>
                {item.responseDue && (
                  <Box sx={{ mt: 1 }}>
                    <ResponseDueChip due={item.responseDue} direction="row" />
                  </Box>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function BoardSkeleton() {
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        Loading submissions...
      </Box>
      <Stack spacing={1.5} aria-hidden="true">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} variant="rounded" height={56} />
        ))}
      </Stack>
    </Box>
  );
}

/** The board is showing only the submissions past the response promise (issue 20 §4). */
function OverdueNotice({ count }: { count: number | undefined }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3 }}
      action={
        <Button component={RouterLink} to={BOARD_PATH} color="inherit" size="small">
          Show all
        </Button>
      }
    >
      Showing only the submissions past the response promise{count === undefined ? '' : ` (${count})`}.
    </Alert>
  );
}

/** The staff board (issue 7): every submission with its status, filterable, each opening its review. */
export function BoardPage() {
  const [params] = useSearchParams();
  const status = parseStatusFilter(params.get('status'));
  // Past the response promise only (issue 20 §4; the Response promise page links here).
  const overdue = params.get('overdue') === 'true';
  const board = useBoardItems(status, { overdue });
  const items = board.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = board.data?.pages[0]?.counts;

  let content: ReactNode;
  if (board.isPending) {
    content = <BoardSkeleton />;
  } else if (board.isError && items.length === 0) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void board.refetch()}>
            Retry
          </Button>
        }
      >
        The board could not be loaded: {board.error.message}
      </Alert>
    );
  } else if (items.length === 0 && overdue) {
    content = (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Nothing is past the response promise
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Every submission waiting for an answer is within it.
        </Typography>
      </Box>
    );
  } else if (items.length === 0) {
    content = (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {status ? `No ${getStatusLabel(status)} submissions` : 'No submissions yet'}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {status
            ? 'Nothing on the board has this status right now.'
            : 'Submissions appear here as soon as artists send them.'}
        </Typography>
        {status && (
          <Button component={RouterLink} to={BOARD_PATH} sx={{ mt: 2 }}>
            Show all submissions
          </Button>
        )}
      </Box>
    );
  } else {
    content = (
      <>
        <Typography variant="h3" component="h2" sx={visuallyHidden}>
          {status ? `${getStatusLabel(status)} submissions` : 'All submissions'}
        </Typography>
        <ByScreen wide={<BoardTable items={items} />} narrow={<BoardCards items={items} />} />
        <LoadMore noun="submissions" list={pagedListState(board, items.length)} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Staff"
        title="Submissions board"
        intro="Every submission, newest first. Open one to listen to it, review it and change its status."
      />
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <StatusFilter selected={status} counts={counts} />
        {overdue && <OverdueNotice count={board.data?.pages[0]?.total} />}
        {content}
      </Container>
    </>
  );
}
