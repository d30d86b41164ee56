import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import {
  type BoardItemDetail,
  getDecisionOfStatus,
  getStatusLabel,
  STATUS_MESSAGE_MAX_LENGTH,
  type SubmissionStatus,
} from '../../../../domain';
import { useChangeSubmissionStatus } from '../../../api/board';
import { PanelSection } from '../../../components/panel-section';
import {
  type DecisionMessage,
  DecisionMessageField,
  decisionPayload,
  EMPTY_DECISION_MESSAGE,
} from './decision-message-field';

/**
 * Staff move the submission on: only the statuses the board allows from here are offered, with an
 * optional note that goes to the artist in the status e-mail. Approving and declining start from a
 * saved template of their kind, filled in for the submission and editable before
 * sending. The server checks the move again.
 */
export function ChangeStatusPanel({
  item,
  initialStatus,
  onChanged,
}: {
  item: BoardItemDetail;
  /** The status chosen when it opens (the board's a and d keys), if the item offers it. */
  initialStatus?: SubmissionStatus;
  /** Called once the status changed (the board's dialog closes). */
  onChanged?: (status: SubmissionStatus) => void;
}) {
  const mutation = useChangeSubmissionStatus(item.itemId);
  const [selected, setSelected] = useState<SubmissionStatus | ''>(initialStatus ?? '');
  const [decision, setDecision] = useState<DecisionMessage>(EMPTY_DECISION_MESSAGE);
  const message = decision.message;
  const [done, setDone] = useState<SubmissionStatus | null>(null);
  const legendId = useId();
  const options = item.nextStatuses;
  // After a refusal the item is reloaded; a choice it no longer offers is no choice.
  const chosen = selected && options.includes(selected) ? selected : '';
  const kind = chosen ? getDecisionOfStatus(chosen) : null;

  function choose(status: SubmissionStatus) {
    // A template belongs to one kind of decision: moving to another drops it, keeping the words.
    if (getDecisionOfStatus(status) !== kind) setDecision((current) => ({ ...current, templateId: null }));
    setSelected(status);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || mutation.isPending) return;
    setDone(null);
    mutation.mutate(
      { status: chosen, ...decisionPayload(kind ? decision : { ...decision, templateId: null }) },
      {
        onSuccess: (updated) => {
          setDone(updated.status);
          setSelected('');
          setDecision(EMPTY_DECISION_MESSAGE);
          onChanged?.(updated.status);
        },
      },
    );
  }

  return (
    <PanelSection title="Change status">
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          Status changed to {getStatusLabel(done)}. The artist has been e-mailed.
        </Alert>
      )}
      {options.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          A submission that is {getStatusLabel(item.status)} cannot be moved to another status.
        </Typography>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <FormControl>
            <FormLabel id={legendId}>New status</FormLabel>
            <RadioGroup
              row
              aria-labelledby={legendId}
              value={chosen}
              onChange={(event) => choose(event.target.value as SubmissionStatus)}
            >
              {options.map((status) => (
                <FormControlLabel
                  key={status}
                  value={status}
                  control={<Radio />}
                  label={getStatusLabel(status)}
                  disabled={mutation.isPending}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {kind ? (
            <DecisionMessageField
              itemId={item.itemId}
              kind={kind}
              value={decision}
              onChange={setDecision}
              disabled={mutation.isPending}
              label="Message to the artist (optional)"
              helper="Sent with the status e-mail."
            />
          ) : (
            <TextField
              label="Message to the artist (optional)"
              multiline
              minRows={3}
              value={message}
              onChange={(event) => setDecision({ templateId: null, message: event.target.value })}
              disabled={mutation.isPending}
              helperText={`Sent with the status e-mail. ${message.length}/${STATUS_MESSAGE_MAX_LENGTH}`}
              slotProps={{ htmlInput: { maxLength: STATUS_MESSAGE_MAX_LENGTH } }}
              fullWidth
            />
          )}
          {item.status === 'changes_requested' && chosen && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              The artist has not sent the marked fields back yet: this withdraws the open change request.
            </Typography>
          )}
          {mutation.isError && (
            <Alert severity="error" role="alert">
              {mutation.error.message}
            </Alert>
          )}
          <div>
            <Button type="submit" variant="contained" disabled={!chosen} loading={mutation.isPending}>
              {chosen ? `Set to ${getStatusLabel(chosen)}` : 'Change status'}
            </Button>
          </div>
        </Stack>
      )}
    </PanelSection>
  );
}
