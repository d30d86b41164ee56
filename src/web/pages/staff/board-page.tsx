import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BOARD_COUNT_CAP, getStatusLabel, SUBMISSION_STATUSES, type SubmissionStatus } from '../../../domain';
import { type BoardView, hasNarrowingFilters, parseBoardView } from '../../../domain/board/board-view';
import { boardViewParams, useBoardItems } from '../../api/board';
import { LoadMore, pagedListState } from '../../components/load-more';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { useWideScreen } from '../../components/use-wide-screen';
import { visuallyHidden } from '../../components/visually-hidden';
import { BoardCards } from './board/board-cards';
import { BOARD_PATH, formatBoardCount } from './board/board-format';
import { BoardToolbar } from './board/board-toolbar';
import { BulkDecisionBar } from './board/bulk-decision-bar';
import { ListenToPendingButton } from './board/listen-to-pending-button';
import { PreviewPlayerProvider } from './board/preview-player';
import { KeyboardShortcutsButton, TriageList } from './board/triage-list';

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
      sx={{ mb: 1.5 }}
    >
      {/* On a phone the chips are one row that scrolls sideways: wrapped, the counts arriving with
          the board (and making the chips wider) would add a row and push the list down (a layout
          shift). The padding keeps the focus ring inside the scrolling row. */}
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
 * The triage list on a wide screen, the cards on a phone. Both are made by the page and only one is
 * returned, so finding the same screen after hydration (`useWideScreen`) renders neither again.
 */
function ByScreen({ wide, narrow }: { wide: ReactNode; narrow: ReactNode }) {
  return useWideScreen() ? wide : narrow;
}

/** The board is showing only the submissions past the response promise. */
function OverdueNotice({ count }: { count: string | undefined }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 1.5, py: 0 }}
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

/**
 * As tall as what replaces it on each screen (compact rows on a wide one, cards on a phone), so
 * what follows the list is below the fold before and after the submissions arrive.
 */
function BoardSkeleton() {
  const lines = (count: number, height: number, spacing: number) => (
    <Stack spacing={spacing} aria-hidden="true">
      {Array.from({ length: count }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never move
        <Skeleton key={row} variant="rounded" height={height} />
      ))}
    </Stack>
  );
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        Loading submissions...
      </Box>
      <ByScreen wide={lines(10, 46, 0.5)} narrow={lines(5, 150, 1)} />
    </Box>
  );
}

/**
 * The staff board: every submission with its status, searchable, filterable and
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
  const [help, setHelp] = useState(false);
  const resultCount = firstPage ? formatBoardCount(firstPage.total, firstPage.totalCapped) : undefined;

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
          wide={
            <TriageList
              key={viewKey}
              rows={items}
              selected={selected}
              onSelectedChange={setSelected}
              help={help}
              onHelpChange={setHelp}
            />
          }
          narrow={<BoardCards items={items} selected={selected} onSelectedChange={setSelected} />}
        />
        <LoadMore noun="submissions" list={pagedListState(board, items.length)} />
      </>
    );
  }

  return (
    <PreviewPlayerProvider>
      <StaffPage>
        <StaffPageHeader
          title="Submissions board"
          subtitle={
            resultCount === undefined
              ? undefined
              : `${resultCount} ${resultCount === '1' ? 'submission' : 'submissions'}`
          }
          actions={
            items.length > 0 ? (
              <ByScreen wide={<KeyboardShortcutsButton onClick={() => setHelp(true)} />} narrow={null} />
            ) : undefined
          }
        />
        <BoardToolbar view={view} onChange={setView} resultCount={resultCount}>
          <ListenToPendingButton view={view} />
        </BoardToolbar>
        <StatusFilter view={view} counts={counts} capped={firstPage?.countsCapped} />
        {view.overdue && <OverdueNotice count={resultCount} />}
        {items.length > 0 && (
          <BulkDecisionBar
            rows={items.filter((item) => selected.has(item.itemId))}
            onClear={() => setSelected(new Set())}
            onDone={(doneIds) => setSelected(new Set([...selected].filter((id) => !doneIds.includes(id))))}
          />
        )}
        {content}
      </StaffPage>
    </PreviewPlayerProvider>
  );
}
