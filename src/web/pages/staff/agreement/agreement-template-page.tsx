import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import {
  AGREEMENT_BODY_MAX,
  AGREEMENT_PLACEHOLDERS,
  AGREEMENT_TEMPLATE_MESSAGES,
  type AgreementPlaceholder,
  type AgreementTemplate,
  type AgreementValues,
  formatLongDate,
  getIsoDateOfInstant,
  renderAgreement,
  validateAgreementTemplate,
} from '../../../../domain';
import {
  saveAgreementTemplate,
  templateRefusalLines,
  useAgreementTemplates,
} from '../../../api/agreement-templates';
import { queryKeys } from '../../../api/query-keys';
import { AgreementText } from '../../../components/agreement-text';
import { StaffPage, StaffPageHeader } from '../../../components/staff-page-header';
import { useConfirmLeave } from '../../../components/use-confirm-leave';
import { visuallyHidden } from '../../../components/visually-hidden';
import { usePublicConfig } from '../../../config';
import { LoadError } from '../invite/load-states';
import { VersionHistory } from './version-history';

export const UNSAVED_AGREEMENT_WARNING =
  'You have unsaved changes to the agreement. Leave without saving them?';

const PLACEHOLDER_MEANINGS: Record<AgreementPlaceholder, string> = {
  artistName: "the artist's name",
  artistEmail: 'their e-mail address',
  labelName: "the label's name",
  date: 'the day the request is made',
};

interface TemplateValues {
  title: string;
  body: string;
}

const TITLE_PROBLEMS: readonly string[] = [
  AGREEMENT_TEMPLATE_MESSAGES.titleRequired,
  AGREEMENT_TEMPLATE_MESSAGES.titleTooLong,
];

/**
 * The domain's check, the same the server runs, with each problem put on the field it is about:
 * the title's on the title, every other on the text.
 */
const templateResolver: Resolver<TemplateValues> = async (values) => {
  const problems = validateAgreementTemplate(values.title, values.body);
  const title = problems.filter((problem) => TITLE_PROBLEMS.includes(problem));
  const body = problems.filter((problem) => !TITLE_PROBLEMS.includes(problem));
  const errors: FieldErrors<TemplateValues> = {};
  if (title.length > 0) errors.title = { type: 'validate', message: title.join('\n') };
  if (body.length > 0) errors.body = { type: 'validate', message: body.join('\n') };
  return problems.length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** The preview's stand-in details: what a real request fills in from the artist and the day. */
export function samplePreviewValues(labelName: string | undefined, now: Date = new Date()): AgreementValues {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const today = getIsoDateOfInstant(now, zone);
  return {
    labelName: labelName?.trim() || 'Your label',
    artistName: 'Sample Artist',
    artistEmail: 'artist@example.com',
    date: formatLongDate(today) ?? today,
  };
}

function Preview({ title, body }: { title: string; body: string }) {
  const { labelName } = usePublicConfig();
  const headingId = useId();
  const values = samplePreviewValues(labelName);
  const text = renderAgreement(body, values);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      // On desktop the preview scrolls on its own; keyboard users must be able to scroll it too.
      tabIndex={0}
      sx={{
        p: { xs: 2, sm: 3 },
        position: { md: 'sticky' },
        // Below the sticky top bar (72px on desktop).
        top: { md: 88 },
        maxHeight: { md: 'calc(100vh - 104px)' },
        overflowY: { md: 'auto' },
      }}
    >
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Preview
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        As {values.artistName} ({values.artistEmail}) would read it from {values.labelName} on {values.date}.
      </Typography>
      <Divider sx={{ my: 2 }} />
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
        {title.trim() || 'Untitled agreement'}
      </Typography>
      {text.trim() ? (
        <AgreementText text={text} headingLevel={3} />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>The agreement has no text yet.</Typography>
      )}
    </Paper>
  );
}

/**
 * The editor of the current version. Saving never changes a version: it adds the next one, and
 * requests already sent keep the text they were made from.
 */
function TemplateEditor({
  current,
  onSaved,
}: {
  current: AgreementTemplate | undefined;
  onSaved: (template: AgreementTemplate) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<TemplateValues>({
    defaultValues: { title: current?.title ?? '', body: current?.body ?? '' },
    resolver: templateResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    control,
    handleSubmit,
    getValues,
    setValue,
    reset,
    formState: { isDirty, isSubmitted },
  } = form;
  const title = useWatch({ control, name: 'title' });
  const body = useWatch({ control, name: 'body' });

  // Someone else saved a version while this page was open: an untouched editor follows it, one
  // with edits keeps them (its save becomes the version after theirs).
  const currentId = current?.id;
  const currentTitle = current?.title ?? '';
  const currentBody = current?.body ?? '';
  useEffect(() => {
    if (currentId !== undefined && !form.formState.isDirty) reset({ title: currentTitle, body: currentBody });
  }, [currentId, currentTitle, currentBody, form, reset]);
  // The preview may lag a keystroke behind on a long text; the editor never does.
  const previewTitle = useDeferredValue(title);
  const previewBody = useDeferredValue(body);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const formatId = useId();

  const save = useMutation({
    mutationFn: saveAgreementTemplate,
    onSuccess: async (answer) => {
      reset({ title: answer.template.title, body: answer.template.body });
      onSaved(answer.template);
      await queryClient.invalidateQueries({ queryKey: queryKeys.agreementTemplates });
    },
  });

  useConfirmLeave(UNSAVED_AGREEMENT_WARNING, () => isDirty);

  const insertPlaceholder = (name: AgreementPlaceholder) => {
    const token = `{{${name}}}`;
    const element = textarea.current;
    const text = getValues('body');
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? start;
    setValue('body', text.slice(0, start) + token + text.slice(end), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
    const caret = start + token.length;
    // After React has written the new value, put the caret just after what was inserted.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  const nextVersion = (current?.version ?? 0) + 1;
  const refusal = save.isError ? templateRefusalLines(save.error) : [];

  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Edit the agreement
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {current
              ? `Version ${current.version} is the one artists sign now.`
              : 'No version has been saved yet.'}
          </Typography>
          <Stack
            component="form"
            noValidate
            spacing={2}
            aria-label="Agreement template"
            onSubmit={handleSubmit((values) => save.mutate(values))}
          >
            <Controller
              name="title"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  label="Title"
                  required
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'The name of the document, above the text.'}
                  slotProps={{ formHelperText: { sx: { whiteSpace: 'pre-line' } } }}
                />
              )}
            />
            <Box>
              <Typography id={formatId} variant="body2" sx={{ mb: 1 }}>
                Plain text: leave a blank line between paragraphs, and start a line with '# ' to make it a
                heading. Placeholders are filled in for each artist:{' '}
                {AGREEMENT_PLACEHOLDERS.map((name) => `{{${name}}} ${PLACEHOLDER_MEANINGS[name]}`).join(', ')}
                .
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                role="group"
                aria-label="Insert a placeholder at the cursor"
                aria-describedby={formatId}
                sx={{ flexWrap: 'wrap' }}
              >
                {AGREEMENT_PLACEHOLDERS.map((name) => (
                  <Button
                    key={name}
                    size="small"
                    variant="outlined"
                    aria-label={`Insert {{${name}}}`}
                    onClick={() => insertPlaceholder(name)}
                    sx={{ fontFamily: 'monospace', textTransform: 'none' }}
                  >
                    {`{{${name}}}`}
                  </Button>
                ))}
              </Stack>
            </Box>
            <Controller
              name="body"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={(element: HTMLTextAreaElement | null) => {
                    field.ref(element);
                    textarea.current = element;
                  }}
                  label="Agreement text"
                  required
                  fullWidth
                  multiline
                  minRows={16}
                  maxRows={40}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ??
                    `${field.value.length.toLocaleString('en-GB')} of ${AGREEMENT_BODY_MAX.toLocaleString('en-GB')} characters`
                  }
                  slotProps={{ formHelperText: { sx: { whiteSpace: 'pre-line' } } }}
                  sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.9rem', lineHeight: 1.6 } }}
                />
              )}
            />
            {refusal.length > 0 && (
              <Alert severity="error" role="alert">
                {refusal.length === 1 ? (
                  refusal[0]
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {refusal.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </Box>
                )}
              </Alert>
            )}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={!isDirty} loading={save.isPending}>
                Save as version {nextVersion}
              </Button>
              {isDirty && (
                <Button onClick={() => reset()} disabled={save.isPending}>
                  Discard changes
                </Button>
              )}
            </Stack>
          </Stack>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Preview title={previewTitle} body={previewBody} />
      </Grid>
    </Grid>
  );
}

function EditorSkeleton() {
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        Loading the agreement...
      </Box>
      <Grid container spacing={4} aria-hidden="true">
        <Grid size={{ xs: 12, md: 6 }}>
          <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={420} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Skeleton variant="rounded" height={492} />
        </Grid>
      </Grid>
    </Box>
  );
}

/** Staff edit the artist agreement (/admin/agreement): the current version, its preview, every version. */
export function AgreementTemplatePage() {
  const templates = useAgreementTemplates();
  // The version stays while the snackbar slides away, so its text never reads 'version undefined'.
  const [notice, setNotice] = useState<{ version: number; open: boolean }>({ version: 0, open: false });
  const close = () => setNotice((shown) => ({ ...shown, open: false }));

  let content: ReactNode;
  if (templates.isPending) content = <EditorSkeleton />;
  else if (templates.isError)
    content = (
      <LoadError onRetry={() => void templates.refetch()}>
        The agreement could not be loaded: {templates.error.message}
      </LoadError>
    );
  else
    content = (
      <Stack spacing={4}>
        <TemplateEditor
          current={templates.data.templates[0]}
          onSaved={(template) => setNotice({ version: template.version, open: true })}
        />
        <VersionHistory templates={templates.data.templates} />
      </Stack>
    );

  return (
    <StaffPage>
      <StaffPageHeader title="Artist agreement">
        The agreement artists sign from their dashboard. Each save adds a version; a request already sent
        keeps the text it was made from.
      </StaffPageHeader>
      {content}
      <Snackbar
        open={notice.open}
        autoHideDuration={8000}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={close} role="status">
          Saved as version {notice.version}. New requests use it from now on.
        </Alert>
      </Snackbar>
    </StaffPage>
  );
}
