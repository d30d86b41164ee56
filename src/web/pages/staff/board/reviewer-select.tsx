import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import type { BoardItemDetail } from '../../../../domain/schemas/board';
import { useAssignReviewer, useReviewers } from '../../../api/reviewers';

const UNASSIGNED = '';

/**
 * Who on the team reviews a submission: on the details page with its helper text, and compact in
 * each row of the board, where `label` names the submission for a screen reader.
 * Compact, it shows the row's reviewer as the list answered it and asks for the team only when
 * the reader comes to the field (focus or opening it): the board's first load stays light.
 */
export function ReviewerSelect({
  itemId,
  assignee,
  compact = false,
  label = 'Reviewer',
}: {
  itemId: string;
  assignee: BoardItemDetail['assignee'];
  compact?: boolean;
  label?: string;
}) {
  const [asked, setAsked] = useState(!compact);
  const ask = () => setAsked(true);
  const reviewers = useReviewers(asked);
  const assign = useAssignReviewer(itemId);
  const current = assignee;
  const options = reviewers.data ?? [];
  // Someone assigned who is no longer on the list (their role changed) is still shown as assigned.
  const listed =
    current && !options.some((r) => r.userId === current.userId) ? [current, ...options] : options;
  let helper: ReactNode = 'Who on the team reviews this submission.';
  const loading = asked && reviewers.isPending;
  if (loading) helper = 'Loading the team…';
  else if (reviewers.isError) helper = `The team could not be loaded: ${reviewers.error.message}`;
  else if (assign.isPending) helper = 'Saving…';
  const nameOf = (reviewer: { name: string | null; email: string }) =>
    reviewer.name?.trim()
      ? compact
        ? reviewer.name
        : `${reviewer.name} (${reviewer.email})`
      : reviewer.email;
  return (
    <Box>
      <TextField
        select
        label={compact ? undefined : label}
        value={current?.userId ?? UNASSIGNED}
        onChange={(event) => assign.mutate(event.target.value === UNASSIGNED ? null : event.target.value)}
        disabled={(!compact && loading) || assign.isPending}
        onFocus={ask}
        error={reviewers.isError || (compact && assign.isError)}
        helperText={compact ? undefined : helper}
        size={compact ? 'small' : 'medium'}
        fullWidth
        sx={{ maxWidth: compact ? 180 : 420, minWidth: compact ? 120 : undefined }}
        slotProps={{
          select: {
            displayEmpty: true,
            onOpen: ask,
            ...(compact
              ? { inputProps: { 'aria-label': label }, SelectDisplayProps: { 'aria-label': label } }
              : {}),
          },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value={UNASSIGNED}>Unassigned</MenuItem>
        {compact && loading && (
          <MenuItem disabled value="loading">
            Loading the team…
          </MenuItem>
        )}
        {listed.map((reviewer) => (
          <MenuItem key={reviewer.userId} value={reviewer.userId}>
            {nameOf(reviewer)}
          </MenuItem>
        ))}
      </TextField>
      {assign.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {assign.error.message}
        </Alert>
      )}
    </Box>
  );
}
