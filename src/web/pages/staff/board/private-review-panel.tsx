import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type BoardItemDetail, NOTE_MAX_LENGTH, NOTE_REQUIRED } from '../../../../domain';
import { useAddStaffNote, useSetRating, useStaffNotes } from '../../../api/review';
import { PanelSection } from '../../../components/panel-section';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatSubmittedAt } from './board-format';
import { ReviewerSelect } from './reviewer-select';

function RatingField({ item }: { item: BoardItemDetail }) {
  const rate = useSetRating(item.itemId);
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" sx={{ color: 'text.secondary', mb: 0.5, p: 0 }}>
        Rating (1 to 5)
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Rating
          name={`rating-${item.itemId}`}
          value={item.rating}
          max={5}
          size="large"
          disabled={rate.isPending}
          getLabelText={(value) => `${value} out of 5`}
          onChange={(_event, value) => rate.mutate(value)}
        />
        <Typography variant="body2" aria-live="polite">
          {rate.isPending ? 'Saving…' : item.rating ? `${item.rating} out of 5` : 'Not rated'}
        </Typography>
        {item.rating !== null && (
          <Button size="small" onClick={() => rate.mutate(null)} disabled={rate.isPending}>
            Clear rating
          </Button>
        )}
      </Stack>
      {rate.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {rate.error.message}
        </Alert>
      )}
    </Box>
  );
}

function Notes({ itemId }: { itemId: string }) {
  const notes = useStaffNotes(itemId);
  const add = useAddStaffNote(itemId);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    if (!draft.trim()) {
      setProblem(NOTE_REQUIRED);
      return;
    }
    setProblem(null);
    add.mutate(draft.trim(), { onSuccess: () => setDraft('') });
  }

  let list: ReactNode;
  if (notes.isPending) {
    list = (
      <Box role="status">
        <Box component="span" sx={visuallyHidden}>
          Loading the notes...
        </Box>
        <Skeleton variant="rounded" height={56} aria-hidden="true" />
      </Box>
    );
  } else if (notes.isError) {
    list = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void notes.refetch()}>
            Retry
          </Button>
        }
      >
        The notes could not be loaded: {notes.error.message}
      </Alert>
    );
  } else if (notes.data.length === 0) {
    list = <Typography sx={{ color: 'text.secondary' }}>No notes yet.</Typography>;
  } else {
    list = (
      <Stack component="ul" spacing={1.5} aria-labelledby={headingId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {notes.data.map((note) => (
          <Box component="li" key={note.noteId} sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{note.body}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {note.author ?? 'Someone no longer on the team'} ·{' '}
              <time dateTime={note.createdAt}>{formatSubmittedAt(note.createdAt)}</time>
            </Typography>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Private notes
      </Typography>
      {list}
      <Stack component="form" spacing={1.5} onSubmit={submit} noValidate sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="New private note"
          multiline
          minRows={2}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value.trim()) setProblem(null);
          }}
          disabled={add.isPending}
          error={Boolean(problem)}
          helperText={problem ?? `Only staff see notes. ${draft.length}/${NOTE_MAX_LENGTH}`}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
          fullWidth
        />
        {add.isError && (
          <Alert severity="error" role="alert" sx={{ width: '100%' }}>
            {add.error.message}
          </Alert>
        )}
        <Button type="submit" variant="outlined" loading={add.isPending}>
          Add note
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Staff's own side of the review: who reviews it, a 1–5 rating and private notes.
 * Artists never see any of it (no artist answer carries them).
 */
export function PrivateReviewPanel({ item }: { item: BoardItemDetail }) {
  return (
    <PanelSection title="Private review">
      <Stack spacing={3}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Only staff see the reviewer, the rating and these notes; the artist never does.
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ReviewerSelect itemId={item.itemId} assignee={item.assignee} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <RatingField item={item} />
          </Box>
        </Stack>
        <Divider />
        <Notes itemId={item.itemId} />
      </Stack>
    </PanelSection>
  );
}
