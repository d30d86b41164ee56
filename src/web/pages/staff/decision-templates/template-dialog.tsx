import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  DECISION_PLACEHOLDERS,
  type DecisionKind,
  type DecisionTemplate,
  decisionTemplateCreateSchema,
  fillDecisionTemplate,
  getDecisionLabel,
  STATUS_MESSAGE_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
} from '../../../../domain';
import { useCreateDecisionTemplate, useUpdateDecisionTemplate } from '../../../api/decision-templates';
import { usePublicConfig } from '../../../config';

/** The example the preview is filled with: what a real decision takes from the submission. */
export const PREVIEW_ARTIST = 'Maya Rivers';
export const PREVIEW_RELEASE = 'First Light';

export type TemplateEditing =
  | { kind: DecisionKind; template: null }
  | { kind: DecisionKind; template: DecisionTemplate };

interface Problems {
  name?: string | undefined;
  body?: string | undefined;
}

/** The domain's rules for a template, the same the server checks, per field. */
export function checkTemplate(kind: DecisionKind, name: string, body: string): Problems {
  const parsed = decisionTemplateCreateSchema.safeParse({ kind, name, body });
  if (parsed.success) return {};
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'body') && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/**
 * A new template of a kind, or an existing one edited: its name and message, with buttons that put
 * a placeholder where the cursor is, and a preview filled with an example artist and release. The
 * server checks again (a name taken within the kind is refused in its words).
 */
export function TemplateDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: TemplateEditing;
  onClose(): void;
  onSaved(template: DecisionTemplate): void;
}) {
  const { labelName } = usePublicConfig();
  const create = useCreateDecisionTemplate();
  const update = useUpdateDecisionTemplate();
  const mutation = editing.template ? update : create;
  const [name, setName] = useState(editing.template?.name ?? '');
  const [body, setBody] = useState(editing.template?.body ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const previewId = useId();
  const formId = useId();
  const decision = getDecisionLabel(editing.kind);

  function insert(placeholder: string) {
    const text = `{{${placeholder}}}`;
    const area = bodyRef.current;
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    const next = `${body.slice(0, start)}${text}${body.slice(end)}`;
    setBody(next);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = checkTemplate(editing.kind, name, body);
    setProblems(found);
    if (found.name || found.body) return;
    const onSuccess = (template: DecisionTemplate) => onSaved(template);
    if (editing.template)
      update.mutate({ templateId: editing.template.templateId, name, body }, { onSuccess });
    else create.mutate({ kind: editing.kind, name, body }, { onSuccess });
  }

  const preview = fillDecisionTemplate(body, {
    artistName: PREVIEW_ARTIST,
    releaseTitle: PREVIEW_RELEASE,
    labelName,
  });

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {editing.template ? `Edit template: ${decision}` : `New template: ${decision}`}
      </DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            error={Boolean(problems.name)}
            helperText={problems.name ?? 'What staff pick it by, e.g. "Not the right fit".'}
            slotProps={{ htmlInput: { maxLength: TEMPLATE_NAME_MAX_LENGTH } }}
            disabled={mutation.isPending}
            autoFocus
            fullWidth
          />
          <TextField
            label="Message to the artist"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            required
            multiline
            minRows={5}
            inputRef={bodyRef}
            error={Boolean(problems.body)}
            helperText={
              problems.body ??
              `Staff can still edit it before sending. ${body.length}/${STATUS_MESSAGE_MAX_LENGTH}`
            }
            slotProps={{ htmlInput: { maxLength: STATUS_MESSAGE_MAX_LENGTH } }}
            disabled={mutation.isPending}
            fullWidth
          />
          <Box role="group" aria-label="Insert a placeholder">
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              Insert at the cursor:
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {DECISION_PLACEHOLDERS.map((placeholder) => (
                <Button
                  key={placeholder}
                  size="small"
                  variant="outlined"
                  onClick={() => insert(placeholder)}
                  disabled={mutation.isPending}
                  sx={{ textTransform: 'none', fontFamily: 'monospace' }}
                >
                  {`{{${placeholder}}}`}
                </Button>
              ))}
            </Stack>
          </Box>
          <Box>
            <Typography id={previewId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              Preview for {PREVIEW_ARTIST}, “{PREVIEW_RELEASE}”
            </Typography>
            <Box
              aria-labelledby={previewId}
              role="region"
              sx={{
                p: 1.5,
                bgcolor: 'background.default',
                borderRadius: '8px',
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                minHeight: 48,
              }}
            >
              {preview.trim() || (
                <Typography component="span" sx={{ color: 'text.secondary' }}>
                  The filled message shows here.
                </Typography>
              )}
            </Box>
          </Box>
          {mutation.isError && (
            <Alert severity="error" role="alert">
              {mutation.error.message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={mutation.isPending}>
          {editing.template ? 'Save changes' : 'Create template'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
