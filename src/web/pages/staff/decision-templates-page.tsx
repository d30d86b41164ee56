import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import {
  DECISION_KINDS,
  type DecisionKind,
  type DecisionPlaceholder,
  type DecisionTemplate,
  getDecisionLabel,
} from '../../../domain';
import { useDecisionTemplates, useDeleteDecisionTemplate } from '../../api/decision-templates';
import { isSignedOutError } from '../../auth/sign-in-path';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PanelSection } from '../../components/panel-section';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { usePublicConfig } from '../../config';
import { formatSubmittedAt } from './board/board-format';
import { DECISION_TEMPLATES_PATH } from './board/decision-message-field';
import { TemplateDialog, type TemplateEditing } from './decision-templates/template-dialog';
import { ListSkeleton } from './invite/load-states';

const PLACEHOLDER_MEANINGS: Record<DecisionPlaceholder, string> = {
  artistName: "the artist's name, as on the submission",
  releaseTitle: "the release's title",
  labelName: "your label's name",
};

const KIND_HELP: Record<DecisionKind, string> = {
  approve: 'Offered when a submission is set to Approved.',
  request_changes: 'Offered when you mark fields for the artist to change.',
  decline: 'Offered when a submission is set to Rejected. The analytics page counts declines per template.',
};

function Placeholders() {
  const { labelName } = usePublicConfig();
  return (
    <PanelSection title="Placeholders">
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Write these in a message and they are filled in for each submission when you pick the template. The
        artist receives the filled message, after any edits you make before sending.
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: 1,
        }}
      >
        {(Object.keys(PLACEHOLDER_MEANINGS) as DecisionPlaceholder[]).map((placeholder) => (
          <Box key={placeholder} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {`{{${placeholder}}}`}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
              {PLACEHOLDER_MEANINGS[placeholder]}
              {placeholder === 'labelName' ? ` (${labelName})` : ''}
            </Typography>
          </Box>
        ))}
      </Box>
    </PanelSection>
  );
}

function TemplateCard({
  template,
  onEdit,
  onDelete,
}: {
  template: DecisionTemplate;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {template.name}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', my: 1 }}>
        {template.body}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Saved <time dateTime={template.updatedAt}>{formatSubmittedAt(template.updatedAt)}</time>
        {template.updatedBy ? ` by ${template.updatedBy}` : ''}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={onEdit} aria-label={`Edit ${template.name}`}>
          Edit
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${template.name}`}>
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}

function KindSection({
  kind,
  templates,
  onNew,
  onEdit,
  onDelete,
}: {
  kind: DecisionKind;
  templates: DecisionTemplate[];
  onNew(): void;
  onEdit(template: DecisionTemplate): void;
  onDelete(template: DecisionTemplate): void;
}) {
  const label = getDecisionLabel(kind);
  return (
    <PanelSection
      title={label}
      action={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={onNew}
          aria-label={`New template to ${label.toLowerCase()}`}
        >
          New template
        </Button>
      }
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {KIND_HELP[kind]}
      </Typography>
      {templates.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No templates yet.</Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={`Templates to ${label.toLowerCase()}`}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
        >
          {templates.map((template) => (
            <TemplateCard
              key={template.templateId}
              template={template}
              onEdit={() => onEdit(template)}
              onDelete={() => onDelete(template)}
            />
          ))}
        </Stack>
      )}
    </PanelSection>
  );
}

function DeleteDialog({
  template,
  onClose,
  onDeleted,
}: {
  template: DecisionTemplate;
  onClose(): void;
  onDeleted(): void;
}) {
  const remove = useDeleteDecisionTemplate();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Delete “{template.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          It will no longer be offered. Decisions already sent with it keep naming it, and the decline reasons
          keep counting it.
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {remove.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={remove.isPending}
          onClick={() => remove.mutate(template.templateId, { onSuccess: onDeleted })}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * `/admin/templates`: the saved messages staff approve, request changes and decline
 * with, per kind: list, create, edit, delete, with the placeholders they may use explained.
 */
export function DecisionTemplatesPage() {
  const query = useDecisionTemplates();
  const [editing, setEditing] = useState<TemplateEditing | null>(null);
  const [deleting, setDeleting] = useState<DecisionTemplate | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton label="Loading templates..." />;
  else if (query.isError)
    body = (
      <LoadFailedAlert
        signedOut={isSignedOutError(query.error)}
        returnTo={DECISION_TEMPLATES_PATH}
        onRetry={() => void query.refetch()}
      >
        The templates could not be loaded: {query.error.message}
      </LoadFailedAlert>
    );
  else
    body = DECISION_KINDS.map((kind) => (
      <KindSection
        key={kind}
        kind={kind}
        templates={query.data.filter((template) => template.kind === kind)}
        onNew={() => {
          setNotice(null);
          setEditing({ kind, template: null });
        }}
        onEdit={(template) => {
          setNotice(null);
          setEditing({ kind, template });
        }}
        onDelete={(template) => {
          setNotice(null);
          setDeleting(template);
        }}
      />
    ));

  return (
    <StaffPage>
      <StaffPageHeader title="Decision templates">
        The saved messages you approve, request changes and decline with, filled in for each artist and
        release and editable before they are sent.
      </StaffPageHeader>
      <Box role="status" aria-live="polite" sx={{ mb: notice ? 3 : 0 }}>
        {notice && (
          <Alert severity="success" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
      </Box>
      <Stack spacing={3}>
        <Placeholders />
        {body}
      </Stack>
      {editing && (
        <TemplateDialog
          key={editing.template?.templateId ?? `new-${editing.kind}`}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(template) => {
            setEditing(null);
            setNotice(`Template “${template.name}” saved.`);
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          template={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setNotice(`Template “${deleting.name}” deleted.`);
            setDeleting(null);
          }}
        />
      )}
    </StaffPage>
  );
}
