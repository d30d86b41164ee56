import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { type DecisionKind, getDecisionLabel, STATUS_MESSAGE_MAX_LENGTH } from '../../../../domain';
import { useDecisionTemplates } from '../../../api/decision-templates';
import { useFillDecisionMessage } from '../../../api/review';

/** Where staff keep the templates. */
export const DECISION_TEMPLATES_PATH = '/admin/templates';

export interface DecisionMessage {
  /** The template the message started from, if any. */
  templateId: string | null;
  /** The words to the artist, as staff left them. */
  message: string;
}

export const EMPTY_DECISION_MESSAGE: DecisionMessage = { templateId: null, message: '' };

/** The payload's part: the edited message and the template it came from, each only when there is one. */
export function decisionPayload(value: DecisionMessage): { message?: string; templateId?: string } {
  const message = value.message.trim();
  return {
    ...(message ? { message } : {}),
    ...(value.templateId ? { templateId: value.templateId } : {}),
  };
}

interface DecisionMessageFieldProps {
  itemId: string;
  kind: DecisionKind;
  value: DecisionMessage;
  onChange(value: DecisionMessage): void;
  disabled?: boolean;
  /** The message box's label. */
  label: string;
  /** What happens to the message, before the character count. */
  helper: string;
}

const NO_TEMPLATE = '';

/**
 * A decision's words to the artist: a saved template of this kind, filled in for the
 * submission by the server (artist's name, release title, label name) and put into the message
 * box, where staff edit it before sending; or no template and staff's own words.
 */
export function DecisionMessageField({
  itemId,
  kind,
  value,
  onChange,
  disabled = false,
  label,
  helper,
}: DecisionMessageFieldProps) {
  const templates = useDecisionTemplates();
  const fill = useFillDecisionMessage(itemId);
  const ofKind = (templates.data ?? []).filter((template) => template.kind === kind);
  const chosen =
    value.templateId && ofKind.some((t) => t.templateId === value.templateId) ? value.templateId : '';

  function pick(templateId: string) {
    fill.reset();
    if (templateId === NO_TEMPLATE) {
      onChange({ templateId: null, message: value.message });
      return;
    }
    onChange({ templateId, message: value.message });
    fill.mutate(templateId, {
      onSuccess: (message) => onChange({ templateId, message }),
      onError: () => onChange({ templateId: null, message: value.message }),
    });
  }

  let templateHelp: ReactNode;
  if (templates.isPending) templateHelp = 'Loading the templates…';
  else if (templates.isError)
    templateHelp = (
      <>
        The templates could not be loaded: {templates.error.message}.{' '}
        <Button size="small" onClick={() => void templates.refetch()} sx={{ py: 0, minWidth: 0 }}>
          Retry
        </Button>
      </>
    );
  else if (ofKind.length === 0)
    templateHelp = (
      <>
        No templates to {getDecisionLabel(kind).toLowerCase()} yet.{' '}
        <Link component={RouterLink} to={DECISION_TEMPLATES_PATH}>
          Create one on the templates page
        </Link>
        .
      </>
    );
  else if (fill.isPending) templateHelp = 'Filling in the template for this submission…';
  else
    templateHelp =
      "Fills the message below with the artist's name and the release title. Edit it before sending.";

  return (
    <Stack spacing={2}>
      <div>
        <TextField
          select
          label={`Template (${getDecisionLabel(kind)})`}
          value={chosen}
          onChange={(event) => pick(event.target.value)}
          disabled={disabled || templates.isPending || ofKind.length === 0}
          error={templates.isError}
          helperText={templateHelp}
          fullWidth
          sx={{ maxWidth: 480 }}
        >
          <MenuItem value={NO_TEMPLATE}>No template: write the message</MenuItem>
          {ofKind.map((template) => (
            <MenuItem key={template.templateId} value={template.templateId}>
              {template.name}
            </MenuItem>
          ))}
        </TextField>
        {fill.isError && (
          <FormHelperText error sx={{ mx: 0 }}>
            The template could not be filled in: {fill.error.message}
          </FormHelperText>
        )}
      </div>
      <TextField
        label={label}
        multiline
        minRows={3}
        value={value.message}
        onChange={(event) => onChange({ ...value, message: event.target.value })}
        disabled={disabled || fill.isPending}
        helperText={`${helper} ${value.message.length}/${STATUS_MESSAGE_MAX_LENGTH}`}
        slotProps={{ htmlInput: { maxLength: STATUS_MESSAGE_MAX_LENGTH } }}
        fullWidth
      />
    </Stack>
  );
}
