import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  type BoardRow,
  type BulkDecisionResult,
  DECISION_PLACEHOLDERS,
  getDecisionLabel,
  getStatusLabel,
  STATUS_MESSAGE_MAX_LENGTH,
} from '../../../../domain';
import { useBulkDecision } from '../../../api/board';
import { useDecisionTemplates } from '../../../api/decision-templates';
import { releaseTitleOf } from './board-format';
import { DECISION_TEMPLATES_PATH } from './decision-message-field';

export type BulkKind = 'approve' | 'decline';

/** How a bulk decision's results read: how many were done, and each refusal with its reason. */
export function summariseBulkResults(results: BulkDecisionResult[]): { done: number; refused: number } {
  const done = results.filter((result) => result.outcome === 'done').length;
  return { done, refused: results.length - done };
}

const placeholders = DECISION_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');

/**
 * One decision for the selected submissions: a template of its kind, whose text
 * staff may edit; the server fills its placeholders for each submission, so every artist reads
 * their own name and title. The answer lists what was done and what was refused, and why.
 */
export function BulkDecisionDialog({
  kind,
  rows,
  onClose,
  onDone,
}: {
  kind: BulkKind | null;
  rows: BoardRow[];
  onClose(): void;
  /** The decision was sent: the ids it was applied to (the board clears them from the selection). */
  onDone(doneIds: string[]): void;
}) {
  const titleId = useId();
  const templates = useDecisionTemplates({ enabled: kind !== null });
  const mutation = useBulkDecision();
  const [templateId, setTemplateId] = useState('');
  const [message, setMessage] = useState('');
  const [results, setResults] = useState<BulkDecisionResult[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ofKind = (templates.data ?? []).filter((template) => template.kind === kind);
  const label = kind ? getDecisionLabel(kind) : '';

  // A new decision starts afresh.
  useEffect(() => {
    if (kind === null) return;
    setTemplateId('');
    setMessage('');
    setResults(null);
    setProblem(null);
    mutation.reset();
  }, [kind, mutation.reset]);

  function pick(id: string) {
    setTemplateId(id);
    setProblem(null);
    setMessage(ofKind.find((template) => template.templateId === id)?.body ?? '');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!kind || mutation.isPending) return;
    if (!templateId) {
      setProblem('Choose the template whose message goes to every artist.');
      return;
    }
    mutation.mutate(
      {
        itemIds: rows.map((row) => row.itemId),
        decision: kind,
        templateId,
        message: message.trim() || undefined,
      },
      {
        onSuccess: (answer) => {
          setResults(answer);
          onDone(answer.filter((result) => result.outcome === 'done').map((result) => result.itemId));
        },
      },
    );
  }

  const byId = new Map(rows.map((row) => [row.itemId, row]));
  const summary = results ? summariseBulkResults(results) : null;

  return (
    <Dialog open={kind !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {label} {rows.length} {rows.length === 1 ? 'submission' : 'submissions'}
      </DialogTitle>
      {results && summary ? (
        <>
          <DialogContent>
            <Alert severity={summary.refused === 0 ? 'success' : 'warning'} role="status" sx={{ mb: 2 }}>
              {summary.done} of {results.length}{' '}
              {results.length === 1 ? 'submission was' : 'submissions were'} set to{' '}
              {getStatusLabel(kind === 'approve' ? 'approved' : 'rejected')}
              {summary.done > 0 ? ' and their artists e-mailed' : ''}.
              {summary.refused > 0 ? ` ${summary.refused} could not be.` : ''}
            </Alert>
            <List dense aria-label="What happened to each submission">
              {results.map((result) => {
                const row = byId.get(result.itemId);
                const name = row
                  ? `${releaseTitleOf(row)} (${row.artistName || 'Unknown artist'})`
                  : result.itemId;
                return (
                  <ListItem key={result.itemId} disableGutters>
                    <ListItemText
                      primary={name}
                      secondary={
                        result.outcome === 'done'
                          ? `Done: ${getStatusLabel(result.status)}`
                          : `Not changed: ${result.reason}`
                      }
                      slotProps={{
                        secondary: {
                          sx: { color: result.outcome === 'done' ? 'success.main' : 'error.main' },
                        },
                      }}
                    />
                  </ListItem>
                );
              })}
            </List>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} variant="contained">
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <Stack component="form" onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>
                Each artist gets the template's message, filled in with their own name and release title.
              </Typography>
              <List dense aria-label="Selected submissions" sx={{ maxHeight: 160, overflow: 'auto' }}>
                {rows.map((row) => (
                  <ListItem key={row.itemId} disableGutters>
                    <ListItemText
                      primary={`${releaseTitleOf(row)} (${row.artistName || 'Unknown artist'})`}
                    />
                  </ListItem>
                ))}
              </List>
              <TextField
                select
                label={`Template (${label})`}
                value={templateId}
                onChange={(event) => pick(event.target.value)}
                disabled={templates.isPending || ofKind.length === 0 || mutation.isPending}
                error={Boolean(problem) || templates.isError}
                helperText={
                  problem ??
                  (templates.isPending
                    ? 'Loading the templates…'
                    : templates.isError
                      ? `The templates could not be loaded: ${templates.error.message}`
                      : ofKind.length === 0
                        ? undefined
                        : 'Its text appears below; edit it before sending if you wish.')
                }
                fullWidth
                sx={{ maxWidth: 480 }}
              >
                {ofKind.map((template) => (
                  <MenuItem key={template.templateId} value={template.templateId}>
                    {template.name}
                  </MenuItem>
                ))}
              </TextField>
              {!templates.isPending && !templates.isError && ofKind.length === 0 && (
                <Alert severity="info">
                  No templates to {label.toLowerCase()} yet.{' '}
                  <Link component={RouterLink} to={DECISION_TEMPLATES_PATH}>
                    Create one on the templates page
                  </Link>
                  .
                </Alert>
              )}
              <TextField
                label="Message to each artist"
                multiline
                minRows={4}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                disabled={!templateId || mutation.isPending}
                helperText={`${placeholders} are filled in for each submission. ${message.length}/${STATUS_MESSAGE_MAX_LENGTH}`}
                slotProps={{ htmlInput: { maxLength: STATUS_MESSAGE_MAX_LENGTH } }}
                fullWidth
              />
              {mutation.isError && (
                <Alert severity="error" role="alert">
                  {mutation.error.message}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              color={kind === 'decline' ? 'error' : 'primary'}
              loading={mutation.isPending}
            >
              {label} {rows.length}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </Dialog>
  );
}
