import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  type ArtistDecision,
  FEEDBACK_COMMENT_MAX_LENGTH,
  FEEDBACK_RATING_CLOSED,
  FEEDBACK_RATING_MAX,
  FEEDBACK_RATING_OUT_OF_RANGE,
  feedbackRatingAnchor,
  getFeedbackRatingLabel,
  getStatusLabel,
} from '../../../../domain';
import { useRateDecision } from '../../../api/feedback-ratings';
import { usePublicConfig } from '../../../config';
import { formatSubmittedDate } from '../common/format';

const ratingText = (stars: number) =>
  `${stars} of ${FEEDBACK_RATING_MAX} stars: ${getFeedbackRatingLabel(stars)}`;

/** Scrolls to and focuses the block the address names (`#rate-<decisionId>`, the decision mail's link). */
function useFocusWhenNamed(anchor: string) {
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash !== `#${anchor}`) return;
    const block = ref.current;
    if (!block) return;
    // jsdom has no scrolling; browsers all do.
    block.scrollIntoView?.({ block: 'center' });
    block.focus({ preventScroll: true });
  }, [hash, anchor]);
  return ref;
}

/** The saved rating, shown where it can no longer be changed. */
function SavedRating({ decision }: { decision: ArtistDecision }) {
  const rating = decision.feedbackRating;
  if (!rating) return <Typography sx={{ color: 'text.secondary' }}>You did not rate this answer.</Typography>;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Rating value={rating.stars} max={FEEDBACK_RATING_MAX} readOnly aria-hidden="true" />
        <Typography>Your rating: {ratingText(rating.stars)}</Typography>
      </Stack>
      {rating.comment && (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          Your comment: {rating.comment}
        </Typography>
      )}
    </Stack>
  );
}

/** The form: 1–5 stars, "Not helpful" … "Very helpful", an optional comment, Save. */
function RatingForm({ itemId, decision }: { itemId: string; decision: ArtistDecision }) {
  const saved = decision.feedbackRating;
  const rate = useRateDecision(itemId, decision.decisionId);
  const [stars, setStars] = useState<number | null>(saved?.stars ?? null);
  const [hover, setHover] = useState(-1);
  const [comment, setComment] = useState(saved?.comment ?? '');
  const [missing, setMissing] = useState(false);
  const legendId = useId();
  const shown = hover > 0 ? hover : stars;
  const unchanged = saved !== null && saved.stars === stars && (saved.comment ?? '') === comment.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === null || !Number.isInteger(stars)) {
      setMissing(true);
      return;
    }
    rate.mutate({ rating: stars, comment: comment.trim() || null });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography id={legendId} component="legend" sx={{ mb: 0.5, p: 0 }}>
          How helpful was this answer?
        </Typography>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Rating
            name={`feedback-rating-${decision.decisionId}`}
            value={stars}
            max={FEEDBACK_RATING_MAX}
            size="large"
            getLabelText={ratingText}
            onChange={(_event, value) => {
              setStars(value);
              setMissing(false);
            }}
            onChangeActive={(_event, value) => setHover(value)}
          />
          <Typography aria-hidden="true" sx={{ minWidth: 120 }}>
            {shown ? getFeedbackRatingLabel(shown) : 'Not rated yet'}
          </Typography>
        </Stack>
        {missing && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 0.5 }}>
            {FEEDBACK_RATING_OUT_OF_RANGE}
          </Typography>
        )}
      </Box>
      <TextField
        label="Comment (optional)"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: FEEDBACK_COMMENT_MAX_LENGTH } }}
        helperText={`${comment.length} / ${FEEDBACK_COMMENT_MAX_LENGTH} characters`}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          loading={rate.isPending}
          disabled={unchanged && !rate.isError}
        >
          Save
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          You can change it until {formatSubmittedDate(decision.changeableUntil)}.
        </Typography>
      </Stack>
      <Box aria-live="polite">
        {rate.isSuccess && unchanged && <Alert severity="success">Your rating is saved. Thank you!</Alert>}
        {!rate.isSuccess && saved && unchanged && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Saved: {ratingText(saved.stars)}.
          </Typography>
        )}
      </Box>
      {rate.isError && (
        <Alert severity="error" role="alert">
          {rate.error.message}
        </Alert>
      )}
    </Stack>
  );
}

/** "Rate this answer" beside one decision: the form while it may change, the saved rating after. */
export function RateAnswer({ itemId, decision }: { itemId: string; decision: ArtistDecision }) {
  const anchor = feedbackRatingAnchor(decision.decisionId);
  const headingId = useId();
  const ref = useFocusWhenNamed(anchor);
  return (
    <Box
      ref={ref}
      id={anchor}
      role="group"
      aria-labelledby={headingId}
      tabIndex={-1}
      sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider', scrollMarginTop: 96, outline: 'none' }}
    >
      <Typography id={headingId} component="h4" variant="h6" sx={{ mb: 1 }}>
        Rate this answer
      </Typography>
      {decision.changeable ? (
        <RatingForm itemId={itemId} decision={decision} />
      ) : (
        <Stack spacing={1}>
          <SavedRating decision={decision} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {FEEDBACK_RATING_CLOSED}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

/** What the decision told the artist: the message, and a change request's fields with their notes. */
function DecisionFeedback({ decision }: { decision: ArtistDecision }) {
  if (!decision.message && decision.points.length === 0)
    return (
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>No message came with this decision.</Typography>
    );
  return (
    <>
      {decision.points.length > 0 && (
        <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
          {decision.points.map((point) => (
            <Typography component="li" key={point.label} sx={{ overflowWrap: 'anywhere' }}>
              {point.label}: {point.note}
            </Typography>
          ))}
        </Box>
      )}
      {decision.message && (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {decision.message}
        </Typography>
      )}
    </>
  );
}

/** The label's answers to the submission (approved, declined, changes requested), each to rate. */
export function DecisionsSection({
  itemId,
  decisions,
}: {
  itemId: string;
  decisions: readonly ArtistDecision[];
}) {
  const { labelName } = usePublicConfig();
  const headingId = useId();
  if (decisions.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id={headingId} component="h2" variant="h4" sx={{ mb: 1.5 }}>
        Answers from {labelName}
      </Typography>
      <Stack spacing={3}>
        {decisions.map((decision) => (
          <Box key={decision.decisionId}>
            <Typography component="h3" variant="h6">
              {getStatusLabel(decision.status)} · {formatSubmittedDate(decision.decidedAt)}
            </Typography>
            <DecisionFeedback decision={decision} />
            <RateAnswer itemId={itemId} decision={decision} />
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
