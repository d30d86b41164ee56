import HeadphonesIcon from '@mui/icons-material/Headphones';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BoardListResponse, BoardRow } from '../../../../domain';
import { boardViewKey } from '../../../../domain/board/board-view';
import { MAX_PAGE_SIZE } from '../../../../domain/pagination/page-rules';
import { type BoardView, fetchBoardItems } from '../../../api/board';
import { queryKeys } from '../../../api/query-keys';
import { type PlayerItem, usePlayer } from '../../../components/player/player-context';
import { releaseTitleOf } from './board-format';

export const PENDING_QUEUE_LABEL = 'Pending submissions';

/**
 * The pending submissions of the board's view (its search and filters) as the queue plays them:
 * oldest promise first. A submission's response promise runs from when it last became Pending
 * (`getWaitingSince`), which is the board's "Longest in its status" order (`age`, on
 * status_changed_at). Up to a page's most, 100.
 */
export function pendingQueueView(view: BoardView): BoardView {
  return { ...view, status: 'pending', sort: 'age' };
}

// Under the board's lists' key, so a decision (which invalidates them) renews it too.
const pendingQueueKey = (view: BoardView) =>
  [...queryKeys.boardItems(), 'listening-queue', boardViewKey(view)] as const;

/** A row's first track as the player plays it; null for a submission without audio. */
export function queueItemOf(row: BoardRow): PlayerItem | null {
  if (!row.preview) return null;
  return {
    submissionId: row.itemId,
    trackTitle: row.preview.trackTitle || 'Untitled',
    artistName: row.artistName,
    releaseTitle: releaseTitleOf(row),
    audioUrl: row.preview.url,
  };
}

/**
 * "Listen to pending": plays the first track of every pending submission, one after another,
 * oldest promise first, in the docked player, with a decision on each from the player. The list is
 * asked for as the pointer or focus reaches the button, so a click usually starts playing at once
 * (inside the click, which is what browsers that want a gesture for sound ask).
 */
export function ListenToPendingButton({ view }: { view: BoardView }) {
  const player = usePlayer();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'loading' | 'empty' | 'failed'>('idle');

  const queueView = pendingQueueView(view);
  const queryKey = pendingQueueKey(queueView);
  const query = {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchBoardItems({ view: queueView, limit: MAX_PAGE_SIZE }, signal),
    staleTime: 30_000,
  };
  const prefetch = () => void queryClient.prefetchQuery(query);

  const start = (answer: BoardListResponse) => {
    const items = answer.items.map(queueItemOf).filter((item): item is PlayerItem => item !== null);
    if (items.length === 0) {
      setState('empty');
      return;
    }
    setState('idle');
    player.play(items, 0, { label: PENDING_QUEUE_LABEL, decisions: true });
  };

  const listen = async () => {
    const cached = queryClient.getQueryData<BoardListResponse>(queryKey);
    const fresh = queryClient.getQueryState(queryKey);
    if (cached && fresh && !fresh.isInvalidated && Date.now() - fresh.dataUpdatedAt < query.staleTime) {
      start(cached);
      return;
    }
    setState('loading');
    try {
      start(await queryClient.fetchQuery(query));
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      {/* On a phone the icon alone (named all the same), so the toolbar keeps to two lines. */}
      <Button
        variant="outlined"
        startIcon={<HeadphonesIcon />}
        onClick={() => void listen()}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        loading={state === 'loading'}
        loadingPosition="start"
        aria-label="Listen to pending"
        sx={{
          minHeight: 40,
          minWidth: { xs: 44, sm: 64 },
          px: { xs: 1, sm: 2 },
          '& .MuiButton-startIcon': { ml: { xs: 0, sm: '-4px' }, mr: { xs: 0, sm: 1 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Listen to pending
        </Box>
      </Button>
      {(state === 'empty' || state === 'failed') && (
        <Typography
          role="status"
          variant="body2"
          sx={{ color: state === 'failed' ? 'error.main' : 'text.secondary' }}
        >
          {state === 'empty'
            ? 'No pending submission has audio to play.'
            : 'The pending submissions could not be loaded. Try again.'}
        </Typography>
      )}
    </>
  );
}
