import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { FormProvider, useController, useForm, useFormContext, useWatch } from 'react-hook-form';
import {
  ARTIST_COMMENT_MAX_LENGTH,
  type ArtistChangeRequest,
  type ArtistFlaggedField,
  type FieldError,
  ISRC_INVALID,
  NEW_ARTWORK_NOT_USABLE,
  NEW_AUDIO_NOT_USABLE,
  normaliseIsrc,
  type TrackMetadata,
} from '../../../../domain';
import { useResubmitChanges } from '../../../api/change-request';
import { ApiError } from '../../../api/client';
import { useConfirmLeave } from '../../../components/use-confirm-leave';
import { usePublicConfig } from '../../../config';
import { FieldErrorsProvider, fieldDomId, useFieldError } from '../../../forms/field-errors';
import { MasterSplitsEditor } from '../../../forms/track/master-splits-editor';
import { ContributorsSection } from '../../../forms/track/track-details-form';
import { UploadRegistry, UploadRegistryContext } from '../../../forms/upload-registry';
import { formatSubmittedDate } from '../common/format';
import {
  answerPath,
  buildResubmission,
  type ChangeForm,
  type ChangeFormValues,
  changeFormOf,
  type PlacedProblems,
  placeProblems,
  trackTitleOf,
} from './change-values';
import { ReplaceFileField } from './replace-file-field';

export const UNSENT_CHANGES_WARNING =
  'Your changes have not been sent to the label yet. Leave this page without resubmitting them?';

export interface Resubmitted {
  roundNumber: number;
  changedFields: string[];
}

/** A problem list of an error answer (`details`), whatever its status (400 rules, 403 a field not marked). */
function problemsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (detail): detail is FieldError =>
      typeof detail === 'object' &&
      detail !== null &&
      typeof (detail as FieldError).field === 'string' &&
      typeof (detail as FieldError).message === 'string',
  );
}

function touches(field: string, changed: string): boolean {
  return field === changed || field.startsWith(`${changed}.`) || changed.startsWith(`${field}.`);
}

type AnswerPart = 'value' | 'artist' | 'spotifyUrl';

/** A text answer of a marked field, bound to `answers.N.part`, with the problem the server reported on it. */
function AnswerText({
  index,
  part,
  label,
  type = 'text',
  helper,
  normalise,
  check,
}: {
  index: number;
  part: AnswerPart;
  label: string;
  type?: 'text' | 'date' | 'url';
  helper?: string;
  /** Applied when the artist leaves the input (an ISRC in its written form). */
  normalise?: (value: string) => string;
  /** A rule checked as the artist types, once they left the input. */
  check?: (value: string) => string | null;
}) {
  const name = answerPath(index, part) as `answers.${number}.${AnswerPart}`;
  const { control } = useFormContext<ChangeFormValues>();
  const { field } = useController({ control, name });
  const reported = useFieldError(name);
  const [left, setLeft] = useState(false);
  const value = field.value ?? '';
  const live = left && check ? check(value) : null;
  const problem = live ?? reported;
  return (
    <TextField
      id={fieldDomId(name)}
      label={label}
      type={type}
      value={value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={() => {
        setLeft(true);
        const written = normalise?.(value);
        if (written !== undefined && written !== value) field.onChange(written);
        field.onBlur();
      }}
      inputRef={field.ref}
      error={Boolean(problem)}
      helperText={problem ?? helper}
      fullWidth
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}}
    />
  );
}

function ContributorsAnswer({ slot, title }: { slot: number; title: string }) {
  const { control, getValues, setValue } = useFormContext<ChangeFormValues>();
  const metadata = useWatch({ control, name: `tracks.${slot}.metadata` });
  function writeMetadata(change: (current: TrackMetadata) => TrackMetadata) {
    setValue(`tracks.${slot}.metadata`, change(getValues(`tracks.${slot}.metadata`)), { shouldDirty: true });
  }
  return <ContributorsSection index={slot} metadata={metadata} title={title} writeMetadata={writeMetadata} />;
}

function SplitsAnswer({
  slot,
  title,
  field,
  request,
}: {
  slot: number;
  title: string;
  field: ArtistFlaggedField;
  request: ArtistChangeRequest;
}) {
  const { control } = useFormContext<ChangeFormValues>();
  const metadata = useWatch({ control, name: `tracks.${slot}.metadata` });
  // The people the splits may name: those being edited beside them, else those credited now.
  const editedBeside = request.fields.some(
    (other) => other.field === 'trackContributors' && other.trackId === field.trackId,
  );
  const contributors = editedBeside
    ? [...metadata.featuredArtists, ...metadata.producers, ...metadata.nonFeaturedArtists]
    : (field.credited ?? []);
  return (
    <MasterSplitsEditor
      metadataPath={`tracks.${slot}.metadata`}
      ownerTitle={title}
      contributors={contributors}
    />
  );
}

/** The editor of one marked field: only what the label marked is open, in the form's own controls. */
function FieldEditor({
  field,
  index,
  form,
  request,
  itemId,
  releaseTitle,
  artistName,
}: {
  field: ArtistFlaggedField;
  index: number;
  form: ChangeForm;
  request: ArtistChangeRequest;
  itemId: string;
  releaseTitle: string;
  artistName: string;
}) {
  const { setValue } = useFormContext<ChangeFormValues>();
  const fileProblem = useFieldError(answerPath(index, 'fileId'));
  const slot = form.slots[index] ?? 0;
  const title = trackTitleOf(field.label);
  const currentFileId =
    field.current?.field === 'artwork' || field.current?.field === 'trackAudio' ? field.current.fileId : '';
  switch (field.field) {
    case 'artwork':
    case 'trackAudio':
      return (
        <ReplaceFileField
          kind={field.field === 'artwork' ? 'artwork' : 'audio'}
          uploadKey={field.key}
          label={field.label}
          current={field.file}
          uploadInput={{
            artistName,
            fileType: field.field === 'artwork' ? 'artwork' : 'track',
            releaseTitle,
            ...(field.field === 'trackAudio' ? { trackTitle: title } : {}),
            sessionId: `changes-${itemId}-${request.roundNumber}`,
          }}
          onChange={(fileId) =>
            setValue(`answers.${index}.fileId`, fileId ?? currentFileId, { shouldDirty: fileId !== null })
          }
          problem={fileProblem}
        />
      );
    case 'releaseDate':
      return <AnswerText index={index} part="value" label="Release date" type="date" />;
    case 'trackTitle':
      return <AnswerText index={index} part="value" label={`Title of track "${title}"`} />;
    case 'trackIsrc':
      return (
        <AnswerText
          index={index}
          part="value"
          label={`ISRC of "${title}"`}
          helper="Format CC-XXX-YY-NNNNN. Leave it empty and the label assigns one."
          normalise={(value) => normaliseIsrc(value) ?? value}
          check={(value) => (value.trim() && !normaliseIsrc(value) ? ISRC_INVALID : null)}
        />
      );
    case 'trackContributors':
      return <ContributorsAnswer slot={slot} title={title} />;
    case 'trackSplits':
      return <SplitsAnswer slot={slot} title={title} field={field} request={request} />;
    case 'catalogueItem':
      return (
        <Stack spacing={2}>
          <AnswerText index={index} part="value" label="Title" />
          <AnswerText index={index} part="artist" label="Artist" />
          <AnswerText index={index} part="spotifyUrl" label="Spotify link" type="url" />
          <MasterSplitsEditor
            metadataPath={`catalogueItems.${slot}.metadata`}
            ownerTitle={trackTitleOf(field.label)}
          />
        </Stack>
      );
  }
}

/** A marked field: its editor, with the label's note beside it, and the problems no input shows. */
function FieldCard({
  field,
  index,
  problems,
  ...editor
}: {
  field: ArtistFlaggedField;
  index: number;
  problems: string[];
  form: ChangeForm;
  request: ArtistChangeRequest;
  itemId: string;
  releaseTitle: string;
  artistName: string;
}) {
  const { labelName } = usePublicConfig();
  const headingId = useId();
  const noteId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      aria-describedby={noteId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h4" component="h3" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {field.label}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0, order: { xs: 2, md: 1 } }}>
          <FieldEditor field={field} index={index} {...editor} />
        </Box>
        <Box
          id={noteId}
          sx={{
            order: { xs: 1, md: 2 },
            p: 2,
            borderRadius: '8px',
            borderLeft: 4,
            borderColor: 'warning.main',
            bgcolor: 'background.default',
            minWidth: 0,
          }}
        >
          <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
            Note from {labelName}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{field.note}</Typography>
        </Box>
      </Box>
      {problems.length > 0 && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {problems.join(' ')}
        </Alert>
      )}
    </Paper>
  );
}

interface ChangeRequestFormProps {
  itemId: string;
  request: ArtistChangeRequest;
  releaseTitle: string;
  /** The folder name the upload service files new files under. */
  artistName: string;
  onResubmitted(resubmitted: Resubmitted): void;
}

/**
 * The artist's answer to a change request: only the marked fields, each with the
 * label's note beside it, in the submission form's own controls; new files uploaded as they are
 * picked; Resubmit sends every marked field's value (changed or not) and puts the submission back
 * under review. The server's refusals are shown in its words, on the field they are about.
 */
export function ChangeRequestForm({
  itemId,
  request,
  releaseTitle,
  artistName,
  onResubmitted,
}: ChangeRequestFormProps) {
  const { labelName } = usePublicConfig();
  const form = useMemo(() => changeFormOf(request), [request]);
  const methods = useForm<ChangeFormValues>({ defaultValues: form.values });
  const { isDirty } = methods.formState;
  const [registry] = useState(() => new UploadRegistry());
  const uploading = useSyncExternalStore(registry.subscribe, () => registry.isBusy());
  const resubmit = useResubmitChanges(itemId);
  const [placed, setPlaced] = useState<PlacedProblems | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const statusId = useId();

  useConfirmLeave(UNSENT_CHANGES_WARNING, () => (isDirty || uploading) && !resubmit.isSuccess, {
    includeSearch: true,
  });

  // A problem the server reported goes once its field changes.
  useEffect(() => {
    const subscription = methods.watch((_values, { name }) => {
      if (!name) return;
      setPlaced((current) => {
        if (!current) return current;
        const onFields = current.onFields.filter((problem) => !touches(problem.field, name));
        return onFields.length === current.onFields.length ? current : { ...current, onFields };
      });
    });
    return () => subscription.unsubscribe();
  }, [methods]);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (resubmit.isPending || uploading) return;
    const values = methods.getValues();
    // A file field must name a file: the current one, or a new upload that finished.
    const missing = request.fields.flatMap((field, index) =>
      (field.field === 'artwork' || field.field === 'trackAudio') && !values.answers[index]?.fileId
        ? [
            {
              field: `changes.${index}.fileId`,
              message: field.field === 'artwork' ? NEW_ARTWORK_NOT_USABLE : NEW_AUDIO_NOT_USABLE,
            },
          ]
        : [],
    );
    if (missing.length > 0) {
      setPlaced(placeProblems(request, form, missing));
      setFailure(`Your changes were not sent: ${missing[0]?.message}`);
      return;
    }
    setFailure(null);
    setPlaced(null);
    resubmit.mutate(buildResubmission(request, form, values), {
      onSuccess: (answer) => {
        methods.reset(methods.getValues());
        onResubmitted({
          roundNumber: answer.resubmitted.roundNumber,
          changedFields: answer.resubmitted.changedFields,
        });
      },
      onError: (error) => {
        setPlaced(placeProblems(request, form, problemsOf(error)));
        setFailure(`Your changes were not sent: ${error.message}`);
      },
    });
  }

  const onFields = placed?.onFields ?? [];
  return (
    <FormProvider {...methods}>
      <UploadRegistryContext value={registry}>
        <FieldErrorsProvider errors={onFields}>
          <Paper
            component="section"
            variant="outlined"
            aria-labelledby={headingId}
            sx={{ p: { xs: 2.5, md: 3 } }}
          >
            <Typography id={headingId} component="h2" variant="h4" sx={{ mb: 1 }}>
              What to change
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 3 }}>
              {labelName} asked on {formatSubmittedDate(request.requestedAt)} for changes to{' '}
              {request.fields.length === 1 ? 'one field' : `${request.fields.length} fields`}.{' '}
              {request.fields.length === 1 ? 'Only that field can' : 'Only those fields can'} be edited;
              everything else stays as you submitted it.
            </Typography>
            <Stack component="form" spacing={3} onSubmit={submit} noValidate>
              {request.fields.map((field, index) => (
                <FieldCard
                  key={field.key}
                  field={field}
                  index={index}
                  problems={placed?.byField[index] ?? []}
                  form={form}
                  request={request}
                  itemId={itemId}
                  releaseTitle={releaseTitle}
                  artistName={artistName}
                />
              ))}
              <CommentField />
              {placed && placed.general.length > 0 && (
                <Alert severity="error">{placed.general.join(' ')}</Alert>
              )}
              {failure && (
                <Alert severity="error" role="alert" ref={failureRef} tabIndex={-1}>
                  {failure}
                </Alert>
              )}
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
              >
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={resubmit.isPending}
                  disabled={uploading}
                  aria-describedby={statusId}
                >
                  Resubmit
                </Button>
                <Typography id={statusId} variant="body2" role="status" sx={{ color: 'text.secondary' }}>
                  {uploading
                    ? 'Waiting for the upload to finish…'
                    : `Sends your changes to ${labelName} and puts the submission back under review.`}
                </Typography>
              </Stack>
            </Stack>
          </Paper>
        </FieldErrorsProvider>
      </UploadRegistryContext>
    </FormProvider>
  );
}

/** The artist's word to the reviewer, sent with the changes. */
function CommentField() {
  const { control } = useFormContext<ChangeFormValues>();
  const { field } = useController({ control, name: 'comment' });
  return (
    <TextField
      label="A note for the label (optional)"
      multiline
      minRows={2}
      value={field.value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      helperText={`What you changed, or anything the reviewer should know. ${field.value.length}/${ARTIST_COMMENT_MAX_LENGTH}`}
      slotProps={{ htmlInput: { maxLength: ARTIST_COMMENT_MAX_LENGTH } }}
      fullWidth
    />
  );
}
