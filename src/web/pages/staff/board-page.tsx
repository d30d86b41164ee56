import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  BOARD_COUNT_CAP,
  type BoardRow,
  getStatusLabel,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../../domain';
import { type BoardView, hasNarrowingFilters, parseBoardView } from '../../../domain/board/board-view';
import { boardViewParams, useBoardItems } from '../../api/board';
import { DeliveryStateChip } from '../../components/delivery-state-chip';
import { LoadMore, pagedListState } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { ResponseDueChip } from '../../components/response-due-chip';
import { StatusChip } from '../../components/status-chip';
import { useWideScreen } from '../../components/use-wide-screen';
import { visuallyHidden } from '../../components/visually-hidden';
import {
  BOARD_PATH,
  formatBoardCount,
  formatBoardDate,
  formatSubmissionType,
  releaseTitleOf,
} from './board/board-format';
import { BoardToolbar } from './board/board-toolbar';
import { BulkDecisionBar } from './board/bulk-decision-bar';
import { NextDeadline } from './board/next-deadline';
import { PreviewPlayerProvider } from './board/preview-player';
import { SubmittedAt } from './board/submitted-at';
import { TriageList } from './board/triage-list';
import { detailsPath } from './board/triage-table';

/** A board link keeping the search, filters and order, with `status` chosen (or none). */
function viewPath(view: BoardView, status: SubmissionStatus | undefined): string {
  const query = boardViewParams({ ...view, status }).toString();
  return query ? `${BOARD_PATH}?${query}` : BOARD_PATH;
}

function StatusFilter({
  view,
  counts,
  capped = [],
}: {
  view: BoardView;
  counts: Record<string, number> | undefined;
  /** Statuses whose count stopped at the cap: more match than it says. */
  capped?: readonly string[];
}) {
  const selected = view.status;
  const sum = counts ? Object.values(counts).reduce((total, n) => total + n, 0) : undefined;
  // A broad search counts the first thousand matches: then every count is "at least", and a status
  // none of them held is not counted at all (its chip shows no number rather than "0+").
  const allCapped = capped.length > 0;
  const total = sum === undefined || !allCapped ? sum : Math.min(sum, BOARD_COUNT_CAP);
  const options: { status: SubmissionStatus | undefined; label: string; count: string | undefined }[] = [
    {
      status: undefined,
      label: 'All',
      count: total === undefined ? undefined : formatBoardCount(total, allCapped),
    },
    ...SUBMISSION_STATUSES.map((status) => {
      const count = counts?.[status];
      return {
        status,
        label: getStatusLabel(status),
        count:
          count === undefined || (count === 0 && capped.includes(status))
            ? undefined
            : formatBoardCount(count, capped.includes(status)),
      };
    }),
  ];
  return (
    <Box
      component="nav"
      aria-label={
        hasNarrowingFilters(view)
          ? 'Filter by status (counts within the search and filters)'
          : 'Filter by status'
      }
      sx={{ mb: 3 }}
    >
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
                to={viewPath(view, option.status)}
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
 * The board on a phone (issue 20 §5): a card per submission, opening it, with a checkbox beside it
 * (a 44 px target) to select several for one decision from the bar above. Keyboard triage is the
 * wide screen's.
 */
function BoardCards({
  items,
  selected,
  onSelectedChange,
}: {
  items: BoardRow[];
  selected: ReadonlySet<string>;
  onSelectedChange(next: Set<string>): void;
}) {
  return (
    <Stack component="ul" spacing={1.5} aria-label="Submissions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => {
        const title = releaseTitleOf(item);
        const checked = selected.has(item.itemId);
        return (
          <li key={item.itemId} data-item-id={item.itemId}>
            <Card
              sx={{
                display: 'flex',
                alignItems: 'stretch',
                ...(checked ? { outline: (theme) => `2px solid ${theme.palette.primary.main}` } : {}),
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'flex-start', pt: 1, pl: 0.5 }}>
                <Checkbox
                  checked={checked}
                  onChange={() => {
                    const next = new Set(selected);
                    if (checked) next.delete(item.itemId);
                    else next.add(item.itemId);
                    onSelectedChange(next);
                  }}
                  sx={{ width: 44, height: 44 }}
                  slotProps={{
                    input: { 'aria-label': `Select "${title}" by ${item.artistName || 'an unknown artist'}` },
                  }}
                />
              </Box>
              <CardActionArea component={RouterLink} to={detailsPath(item.itemId)} sx={{ minWidth: 0 }}>
                <CardContent sx={{ pl: 1 }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
                  >
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      <StatusChip status={item.status} />
                      <DeliveryStateChip state={item.deliveryState} />
                    </Stack>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {formatSubmissionType(item.uploadType, item.releaseType)}
                    </Typography>
                  </Stack>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{title}</Typography>
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
        );
      })}
    </Stack>
  );
}

/**
 * The triage list on a wide screen, the cards on a phone. Both are made by the page and only one is
 * returned, so finding the same screen after hydration (`useWideScreen`) renders neither again.
 */
function ByScreen({ wide, narrow }: { wide: ReactNode; narrow: ReactNode }) {
  return useWideScreen() ? wide : narrow;
}

/** The board is showing only the submissions past the response promise (issue 20 §4). */
function OverdueNotice({ count }: { count: string | undefined }) {
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

/**
 * The staff board (issues 7, 20 §5): every submission with its status, searchable, filterable and
 * sortable (all in the URL), each opening its review; on a wide screen the triage list, with
 * previews, selection for a bulk decision, reviewers and keyboard triage.
 */
export function BoardPage() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseBoardView(params), [params]);
  const setView = useCallback((next: BoardView) => setParams(boardViewParams(next)), [setParams]);
  const board = useBoardItems(view);
  const items = useMemo(() => board.data?.pages.flatMap((page) => page.items) ?? [], [board.data]);
  const firstPage = board.data?.pages[0];
  const counts = firstPage?.counts;
  const status = view.status;
  const narrowed = hasNarrowingFilters(view);
  const viewKey = boardViewParams(view).toString();
  const [selection, setSelection] = useState<{ view: string; ids: Set<string> }>({
    view: '',
    ids: new Set(),
  });
  // A new search or filter starts with nothing selected.
  const selected = selection.view === viewKey ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ view: viewKey, ids });

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
  } else if (items.length === 0 && view.overdue) {
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
          {narrowed
            ? 'No submissions match'
            : status
              ? `No ${getStatusLabel(status)} submissions`
              : 'No submissions yet'}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {narrowed
            ? 'Nothing on the board matches this search and these filters.'
            : status
              ? 'Nothing on the board has this status right now.'
              : 'Submissions appear here as soon as artists send them.'}
        </Typography>
        {(status || narrowed) && (
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
        <ByScreen
          wide={<TriageList key={viewKey} rows={items} selected={selected} onSelectedChange={setSelected} />}
          narrow={<BoardCards items={items} selected={selected} onSelectedChange={setSelected} />}
        />
        <LoadMore noun="submissions" list={pagedListState(board, items.length)} />
      </>
    );
  }

  return (
    <PreviewPlayerProvider>
      <PageHeader
        eyebrow="Staff"
        title="Submissions board"
        intro="Every submission, newest first. Search, filter and sort it; open one to listen to it, review it and change its status."
      />
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <BoardToolbar view={view} onChange={setView} />
        <StatusFilter view={view} counts={counts} capped={firstPage?.countsCapped} />
        {view.overdue && (
          <OverdueNotice
            count={firstPage ? formatBoardCount(firstPage.total, firstPage.totalCapped) : undefined}
          />
        )}
        {items.length > 0 && (
          <BulkDecisionBar
            rows={items.filter((item) => selected.has(item.itemId))}
            onClear={() => setSelected(new Set())}
            onDone={(doneIds) => setSelected(new Set([...selected].filter((id) => !doneIds.includes(id))))}
          />
        )}
        {content}
      </Container>
    </PreviewPlayerProvider>
  );
}
