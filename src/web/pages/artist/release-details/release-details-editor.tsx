import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { FieldError } from '../../../../domain';
import { ApiError } from '../../../api/client';
import {
  type ReleaseDetails,
  readFieldErrors,
  useSaveReleaseDetails,
  useSubmitReleaseDetails,
} from '../../../api/release-details';
import { usePublicConfig } from '../../../config';
import { FieldErrorsProvider } from '../../../forms/field-errors';
import { getToday } from '../../../forms/form-values';
import { UploadRegistry, UploadRegistryContext } from '../../../forms/upload-registry';
import { ARTWORK_FIELD, ArtworkPanel } from './artwork-panel';
import {
  checkDraft,
  checkForReview,
  describeStatus,
  type ReleaseDetailsFormValues,
  toFormValues,
  toSaveBody,
} from './release-details-form';
import { ProblemsSummary, SplitWarnings } from './review-alerts';
import { SubmitDialog } from './submit-dialog';
import { TrackSection } from './track-section';
import { useUnsavedChangesWarning } from './use-unsaved-changes-warning';

function sameErrors(a: readonly FieldError[], b: readonly FieldError[]): boolean {
  return a.length === b.length && a.every((e, i) => e.field === b[i]?.field && e.message === b[i]?.message);
}

/** A change at `changed` makes a reported problem at `field` stale when one path contains the other. */
function touches(field: string, changed: string): boolean {
  return field === changed || field.startsWith(`${changed}.`) || changed.startsWith(`${field}.`);
}

function mergeErrors(...lists: readonly (readonly FieldError[])[]): FieldError[] {
  const seen = new Set<string>();
  const merged: FieldError[] = [];
  for (const error of lists.flat()) {
    const key = `${error.field}\n${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(error);
  }
  return merged;
}

interface Notice {
  severity: 'error' | 'warning';
  text: string;
}

interface ReleaseDetailsEditorProps {
  itemId: string;
  details: ReleaseDetails;
  /** The folder name the upload service files the artwork under. */
  artistName: string;
}

/**
 * The release-details form of a submission in progress: per track the ISRC and the submission
 * form's own editor, then the final artwork; Save draft at any time, Submit for review once the
 * domain's checks pass (split totals only warn).
 */
export function ReleaseDetailsEditor({ itemId, details, artistName }: ReleaseDetailsEditorProps) {
  const { labelName } = usePublicConfig();
  const methods = useForm<ReleaseDetailsFormValues>({ defaultValues: toFormValues(details) });
  const { isDirty } = methods.formState;
  const [registry] = useState(() => new UploadRegistry());
  const uploading = useSyncExternalStore(registry.subscribe, () => registry.isBusy());
  const today = useMemo(() => getToday(), []);
  const save = useSaveReleaseDetails(itemId);
  const submit = useSubmitReleaseDetails(itemId);

  /** After a refused submit, the review check runs again as the artist types. */
  const attempted = useRef(false);
  const [reviewErrors, setReviewErrors] = useState<FieldError[]>([]);
  /** Problems the server or the draft check reported; each goes when its field changes. */
  const [reportedErrors, setReportedErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [confirmWarnings, setConfirmWarnings] = useState<FieldError[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusSummary, setFocusSummary] = useState(0);
  const statusId = useId();

  useUnsavedChangesWarning(isDirty || uploading);

  useEffect(() => {
    const subscription = methods.watch((_values, { name }) => {
      if (name) {
        // A new artwork answers a problem the server reported about the artwork.
        const changed = name === 'artworkFileId' ? ARTWORK_FIELD : name;
        setReportedErrors((previous) => {
          const next = previous.filter((error) => !touches(error.field, changed));
          return next.length === previous.length ? previous : next;
        });
      }
      if (attempted.current) {
        const next = checkForReview(methods.getValues(), today).errors;
        setReviewErrors((previous) => (sameErrors(previous, next) ? previous : next));
      }
    });
    return () => subscription.unsubscribe();
  }, [methods, today]);

  useEffect(() => {
    if (focusSummary > 0) summaryRef.current?.focus();
  }, [focusSummary]);

  const errors = useMemo(() => mergeErrors(reviewErrors, reportedErrors), [reviewErrors, reportedErrors]);

  function report(problems: FieldError[], text: string | null) {
    setReportedErrors(problems);
    setNotice(text ? { severity: 'error', text } : null);
    if (problems.length > 0) setFocusSummary((n) => n + 1);
  }

  function handleFailure(error: unknown, action: 'saved' | 'submitted') {
    const problems = readFieldErrors(error);
    if (problems.length > 0) {
      report(problems, `The details were not ${action}. Fix the problems below and try again.`);
    } else if (error instanceof ApiError && error.status === 409) {
      // The server's own words: the submission moved on, or the details were already sent.
      report([], error.message);
    } else {
      const reason = error instanceof Error ? error.message : String(error);
      report([], `The details were not ${action}: ${reason}`);
    }
  }

  function saveDraft() {
    const values = methods.getValues();
    const problems = checkDraft(values);
    if (problems.length > 0) {
      report(problems, 'The draft was not saved. Fix the clip times below and try again.');
      return;
    }
    save.mutate(toSaveBody(values), {
      onSuccess: (saved) => {
        methods.reset(toFormValues(saved));
        report([], null);
      },
      onError: (error) => handleFailure(error, 'saved'),
    });
  }

  function requestSubmit() {
    const check = checkForReview(methods.getValues(), today);
    attempted.current = true;
    setReviewErrors(check.errors);
    if (check.errors.length > 0) {
      setNotice(null);
      setFocusSummary((n) => n + 1);
      return;
    }
    setConfirmWarnings(check.warnings);
    setConfirmOpen(true);
  }

  function confirmSubmit() {
    submit.mutate(toSaveBody(methods.getValues()), {
      onSuccess: (submitted) => {
        // The page shows the submitted summary next; nothing is left unsaved.
        methods.reset(toFormValues(submitted));
        setConfirmOpen(false);
      },
      onError: (error) => {
        setConfirmOpen(false);
        handleFailure(error, 'submitted');
      },
    });
  }

  const tracks = [...details.tracks].sort((a, b) => a.position - b.position);
  const busy = save.isPending || submit.isPending;
  const statusText = uploading
    ? 'Uploading the artwork…'
    : isDirty
      ? 'You have unsaved changes'
      : details.status === 'not_started'
        ? 'No changes yet'
        : describeStatus(details);

  return (
    <FormProvider {...methods}>
      <UploadRegistryContext value={registry}>
        <FieldErrorsProvider errors={errors}>
          <Stack spacing={4}>
            <Box component="section" aria-labelledby={`${statusId}-tracks`}>
              <Typography id={`${statusId}-tracks`} variant="h3" component="h2" sx={{ mb: 2 }}>
                {tracks.length === 1 ? 'Track' : `Tracks (${tracks.length})`}
              </Typography>
              <Stack spacing={3}>
                {tracks.map((track, index) => (
                  <TrackSection
                    key={track.trackId}
                    index={index}
                    title={track.title}
                    audioUrl={track.audioUrl}
                    waveform={track.waveform}
                  />
                ))}
              </Stack>
            </Box>

            <Paper
              component="section"
              variant="outlined"
              aria-labelledby={`${statusId}-artwork`}
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Typography id={`${statusId}-artwork`} variant="h3" component="h2" sx={{ mb: 1 }}>
                Artwork
              </Typography>
              <ArtworkPanel
                current={details.artwork}
                releaseTitle={details.releaseTitle}
                uploadInput={{
                  artistName,
                  fileType: 'artwork',
                  releaseTitle: details.releaseTitle,
                  sessionId: `release-${itemId}`,
                }}
              />
            </Paper>

            <Stack spacing={2}>
              {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
              <ProblemsSummary problems={errors} ref={summaryRef} />
              <SplitWarnings />
            </Stack>

            <Paper
              variant="outlined"
              sx={{
                position: 'sticky',
                bottom: 0,
                zIndex: 1,
                p: 2,
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                gap: 2,
                alignItems: { sm: 'center' },
                justifyContent: 'space-between',
              }}
            >
              <Typography id={statusId} role="status" variant="body2" sx={{ fontWeight: 600 }}>
                {statusText}
              </Typography>
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button
                  variant="outlined"
                  onClick={saveDraft}
                  loading={save.isPending}
                  disabled={!isDirty || uploading || submit.isPending}
                >
                  Save draft
                </Button>
                <Button variant="contained" onClick={requestSubmit} disabled={uploading || busy}>
                  Submit for review
                </Button>
              </Stack>
            </Paper>
          </Stack>

          <SubmitDialog
            open={confirmOpen}
            labelName={labelName}
            warnings={confirmWarnings}
            submitting={submit.isPending}
            onCancel={() => setConfirmOpen(false)}
            onConfirm={confirmSubmit}
          />
        </FieldErrorsProvider>
      </UploadRegistryContext>
    </FormProvider>
  );
}
