import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import {
  lazy,
  memo,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useForm } from 'react-hook-form';
import {
  ARTIST_STEP_INVALID_EMAIL,
  ARTIST_STEP_REQUIRED_FIELDS,
  CONTINUE_TO_REVIEW_LABEL,
  type FieldError,
  formatBoardEntryUpdateFailed,
  type InvitationPrefill,
  type IsoDate,
  REQUIRED_INFORMATION_MISSING,
  type StepValidation,
} from '../../../../domain';
import { EARLY_DRAFT_ATTRIBUTE, EARLY_SUBMIT_ATTRIBUTE } from '../../../../domain/display/early-submit';
import { afterFirstEngagement } from '../../../components/after-first-paint';
import { EarlyAnswerBanner, earlyAnswerStyles, useEarlySubmit } from '../../../components/early-submit';
import { usePublicConfig } from '../../../config';
import { FieldErrorsProvider } from '../../../forms/field-errors';
import { createInitialValues, getToday, type SubmitFormValues } from '../../../forms/form-values';
import { FormValuesProvider } from '../../../forms/form-values-provider';
import { useFreshUploadLinks } from '../../../forms/fresh-upload-links';
import { scrollToField, scrollToFirstField } from '../../../forms/scroll-to-field';
import { adoptValuesTypedBeforeHydration } from '../../../forms/typed-before-hydration';
import { UploadRegistry, UploadRegistryContext } from '../../../forms/upload-registry';
import { useUploadKeepAlive } from '../../../monitoring/upload-keep-alive';
import { preloadUploadClient } from '../../../upload/lazy-start';
import {
  DRAFT_STORAGE_KEY,
  type Draft,
  type FormMeanwhile,
  loadDraft,
  resumeDraft,
  saveDraft,
  scopedDraftKey,
  tokenFingerprint,
} from '../form/draft-storage';
import { ADDITIONAL_STEP, ARTIST_STEP, MUSIC_STEP, STEP_COUNT, validateStep } from '../form/validate-step';
import { ArtistStep } from '../steps/artist/artist-step';
import { HoneypotFields, useHoneypotRefs } from '../submit-flow/honeypot-fields';
import { loadPayloadBuilder } from '../submit-flow/run-submission';
import { useFormSession } from '../submit-flow/use-form-session';
import { useSubmission } from '../submit-flow/use-submission';
import { StepIndicator } from './step-indicator';
import { useLeaveWarning } from './use-leave-warning';

// The first step comes with the page; the others (uploads, players, the review) load when the
// artist gets there, and are fetched in the background once the first step has shown.
const loadMusicStep = () => import('../steps/music/music-step');
const loadAdditionalStep = () => import('../steps/additional/additional-step');
const loadReviewStep = () => import('../steps/review/review-step');
const MusicStep = lazy(async () => ({ default: (await loadMusicStep()).MusicStep }));
const AdditionalStep = lazy(async () => ({ default: (await loadAdditionalStep()).AdditionalStep }));
const ReviewStep = lazy(async () => ({ default: (await loadReviewStep()).ReviewStep }));
// The dialogs open only on later steps (the music step's problems, the review's upload), so they
// come with those steps' code rather than with the page.
const loadProblemsDialog = () => import('./problems-dialog');
const loadProgressDialog = () => import('../submit-flow/submission-progress-dialog');
const ProblemsDialog = lazy(async () => ({ default: (await loadProblemsDialog()).ProblemsDialog }));
const SubmissionProgressDialog = lazy(async () => ({
  default: (await loadProgressDialog()).SubmissionProgressDialog,
}));
const TurnstileWidget = lazy(async () => ({
  default: (await import('../steps/review/turnstile-widget')).TurnstileWidget,
}));

const DRAFT_SAVE_DELAY_MS = 400;
/** One empty list for every render: a new one would render each field again (field-errors.tsx). */
const noErrors: readonly FieldError[] = [];

/** Holds a step's place while its code arrives (it is prefetched, so this is rarely seen). */
function StepLoading() {
  return (
    <Box role="status" sx={{ minHeight: '60vh', display: 'flex', justifyContent: 'center', pt: 6 }}>
      <CircularProgress size={28} aria-label="Loading the step" />
    </Box>
  );
}

/** A step's banner when Next found problems (spec 001 §5). */
function StepMessageAlert({ message }: { message: string }) {
  return (
    <Alert severity="error" sx={{ mt: 3 }} role="alert">
      <AlertTitle>{REQUIRED_INFORMATION_MISSING}</AlertTitle>
      {message}
      {!/required fields/i.test(message) && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          Please fill in all required fields to continue.
        </Box>
      )}
    </Alert>
  );
}

/** Step 1's banners for the page script's early answer (ARTIST_STEP_EARLY_RULES), drawn as the app's. */
const ArtistStepEarlyBanner = memo(function ArtistStepEarlyBanner() {
  return (
    <EarlyAnswerBanner
      fields={<StepMessageAlert message={ARTIST_STEP_REQUIRED_FIELDS} />}
      sole={<StepMessageAlert message={ARTIST_STEP_INVALID_EMAIL} />}
    />
  );
});

interface StepContentProps {
  step: number;
  onEdit(step: number): void;
  onSubmit(): Promise<void>;
  submitting: boolean;
  turnstileSiteKey: string | undefined;
  onTurnstileToken(token: string | null): void;
}

/**
 * The current step, behind the Suspense boundary of the later steps' code. Memoised, and given
 * only stable props, because of what a prerendered form's hydration does: React takes
 * this boundary over after the rest of the form, and a render of the form before then (the form
 * library's own, right after it mounts) would make it do so at once, in one long task; left alone,
 * it is hydrated in slices like the rest.
 */
const StepContent = memo(function StepContent({
  step,
  onEdit,
  onSubmit,
  submitting,
  turnstileSiteKey,
  onTurnstileToken,
}: StepContentProps) {
  return (
    <Suspense fallback={<StepLoading />}>
      {step === ARTIST_STEP && <ArtistStep />}
      {step === MUSIC_STEP && <MusicStep />}
      {step === ADDITIONAL_STEP && <AdditionalStep />}
      {step === STEP_COUNT - 1 && (
        <ReviewStep onEdit={onEdit} onSubmit={() => void onSubmit()} submitting={submitting}>
          {turnstileSiteKey && <TurnstileWidget siteKey={turnstileSiteKey} onToken={onTurnstileToken} />}
        </ReviewStep>
      )}
    </Suspense>
  );
});

function sameErrors(a: readonly FieldError[], b: readonly FieldError[]): boolean {
  return a.length === b.length && a.every((e, i) => e.field === b[i]?.field && e.message === b[i]?.message);
}

/** A personal link the form was opened through: its token and what the label knows already. */
export type WizardMode =
  | { kind: 'invitation'; token: string; prefill?: InvitationPrefill | undefined }
  | { kind: 'returning'; token: string; prefill?: InvitationPrefill | undefined };

/** The public form's values with what the label already knows written over them (empty values skipped). */
export function prefilledValues(today: IsoDate, prefill: InvitationPrefill | undefined): SubmitFormValues {
  const values = createInitialValues(today);
  if (!prefill) return values;
  const known = Object.fromEntries(
    Object.entries(prefill).filter(
      ([, value]) => value === true || (typeof value === 'string' && value.trim() !== ''),
    ),
  ) as Partial<InvitationPrefill>;
  return { ...values, ...known };
}

/** Reads a fresh form as it is (`resumeDraft`), with the field (by name) the keyboard is in. */
type ReadFreshForm = () => FormMeanwhile & { focused: string | undefined };

/**
 * The four-step submission form (spec 001 §2, §4): one react-hook-form state for all steps, kept
 * as a draft in the browser; Next validates the step with the domain's rules (skipped in
 * development mode); a step that failed stays red and its messages update as the artist fixes them.
 */
export function SubmissionWizard({ mode }: { mode?: WizardMode } = {}) {
  // A personal link keeps its own draft, so an invitation's answers never mix with the public form's.
  const [draftKey] = useState(() =>
    mode ? scopedDraftKey(`${mode.kind}.${tokenFingerprint(mode.token)}`) : DRAFT_STORAGE_KEY,
  );
  // The draft is in this browser's storage, which the prerendered page was rendered without, and
  // reading it takes its schema's code: the form starts empty on its first step, as the server
  // rendered it, and a draft found right after starts it again from where the artist left off.
  // Until storage has been read, the form does not save over a draft (nor when the schema's code
  // could not be fetched: the draft is kept for the next visit).
  const [draft, setDraft] = useState<Draft | null>(null);
  const freshFormSaves = useRef(false);
  // The fresh form as it is when the draft arrives, with the field the artist is in, which the
  // resumed form gives the keyboard back to.
  const freshForm = useRef<ReadFreshForm>(undefined);
  const [focusOnResume, setFocusOnResume] = useState<string>();
  useEffect(() => {
    let current = true;
    loadDraft(Date.now(), draftKey).then(
      (stored) => {
        if (!current) return;
        if (stored) {
          const meanwhile = freshForm.current?.();
          setFocusOnResume(meanwhile?.focused);
          setDraft(resumeDraft(stored, meanwhile));
        } else freshFormSaves.current = true;
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [draftKey]);
  const savesFreshForm = useCallback(() => freshFormSaves.current, []);
  return (
    <WizardForm
      key={draft ? 'draft' : 'fresh'}
      mode={mode}
      draftKey={draftKey}
      draft={draft}
      savesDraft={draft ? alwaysSaves : savesFreshForm}
      {...(draft ? { focusOnStart: focusOnResume } : { freshForm })}
    />
  );
}

const alwaysSaves = () => true;

interface WizardFormProps {
  mode: WizardMode | undefined;
  draftKey: string;
  /** Where the artist left off, or null for a new form. */
  draft: Draft | null;
  /** Whether the form may keep its values as the draft now (not before storage has been read). */
  savesDraft: () => boolean;
  /** Filled by a fresh form with a way to read it as it is (`resumeDraft`). */
  freshForm?: RefObject<ReadFreshForm | undefined>;
  /** The field (by name) the keyboard is in when the form starts. */
  focusOnStart?: string | undefined;
}

// Memoised: `useHydrating` re-renders the wizard right after hydration, which must not render the
// whole form again when nothing it shows has changed.
const WizardForm = memo(function WizardForm({
  mode,
  draftKey,
  draft,
  savesDraft,
  freshForm,
  focusOnStart,
}: WizardFormProps) {
  const { devMode, turnstileSiteKey } = usePublicConfig();
  const today = useMemo(() => getToday(), []);
  const [initial] = useState(
    () => draft ?? { step: ARTIST_STEP, values: prefilledValues(today, mode?.prefill) },
  );
  const methods = useForm<SubmitFormValues>({ defaultValues: initial.values });
  const [registry] = useState(() => new UploadRegistry());
  const [step, setStep] = useState(initial.step);
  const [completed, setCompleted] = useState<ReadonlySet<number>>(
    () => new Set(Array.from({ length: initial.step }, (_, i) => i)),
  );
  /** The last result of each step that was checked and failed; live while the artist fixes it. */
  const [results, setResults] = useState<ReadonlyMap<number, StepValidation>>(new Map());
  const [problemsOpen, setProblemsOpen] = useState(false);
  const [problemsShown, setProblemsShown] = useState(false);
  if (problemsOpen && !problemsShown) setProblemsShown(true);
  const topRef = useRef<HTMLDivElement>(null);
  const stepRef = useRef(step);
  stepRef.current = step;
  const resultsRef = useRef(results);
  resultsRef.current = results;

  const formSession = useFormSession();
  const honeypot = useHoneypotRefs();
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const submission = useSubmission({
    methods,
    registry,
    honeypot,
    formSession,
    turnstileToken,
    turnstileRequired: Boolean(turnstileSiteKey),
    today,
    devMode,
    draftKey,
    ...(mode?.kind === 'invitation'
      ? { link: { invitationToken: mode.token }, boardFailurePrefix: formatBoardEntryUpdateFailed('board') }
      : mode?.kind === 'returning'
        ? { link: { returningToken: mode.token } }
        : {}),
  });
  const { isSubmitting } = submission;
  // Once the artist starts on the form, fetch the later steps while they fill in this one: a
  // visitor who only reads the page loads none of them.
  useEffect(
    () =>
      afterFirstEngagement(window, () => {
        void loadMusicStep();
        void loadAdditionalStep();
        void loadReviewStep();
        void loadProblemsDialog();
        void loadProgressDialog();
        void loadPayloadBuilder();
        preloadUploadClient();
      }),
    [],
  );
  const isBusy = useCallback(() => registry.isBusy() || isSubmitting(), [registry, isSubmitting]);
  useLeaveWarning(isBusy);
  useUploadKeepAlive(isBusy);
  // A visitor's file links work 15 minutes: the previews and players keep working.
  useFreshUploadLinks(methods);

  // Keep the draft, and re-check the steps that failed, as the artist types.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      if (savesDraft()) saveDraft(methods.getValues(), stepRef.current, Date.now(), draftKey);
    };
    const subscription = methods.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(save, DRAFT_SAVE_DELAY_MS);
      const failing = [...resultsRef.current.keys()];
      if (failing.length === 0) return;
      const values = methods.getValues();
      setResults((previous) => {
        let changed = false;
        const next = new Map(previous);
        for (const index of failing) {
          const result = validateStep(index, values, today);
          const before = previous.get(index);
          if (result.errors.length === 0) {
            next.delete(index);
            changed = true;
          } else if (
            !before ||
            !sameErrors(before.errors, result.errors) ||
            before.stepMessage !== result.stepMessage
          ) {
            next.set(index, result);
            changed = true;
          }
        }
        return changed ? next : previous;
      });
    });
    window.addEventListener('pagehide', save);
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
      window.removeEventListener('pagehide', save);
    };
  }, [methods, today, draftKey, savesDraft]);

  useEffect(() => {
    if (savesDraft()) saveDraft(methods.getValues(), step, Date.now(), draftKey);
  }, [methods, step, draftKey, savesDraft]);

  const goTo = useCallback((next: number) => {
    setStep(next);
    setProblemsOpen(false);
    requestAnimationFrame(() => topRef.current?.scrollIntoView({ block: 'start' }));
  }, []);

  /** Keeps a failing step's result (it stays live while the artist fixes it); a passing one is dropped. */
  const record = (index: number, result: StepValidation) =>
    setResults((previous) => {
      const map = new Map(previous);
      if (result.errors.length === 0) map.delete(index);
      else map.set(index, result);
      return map;
    });

  const next = () => {
    const result: StepValidation = devMode ? { errors: [] } : validateStep(step, methods.getValues(), today);
    record(step, result);
    if (result.errors.length > 0) {
      if (step === MUSIC_STEP) setProblemsOpen(true);
      else requestAnimationFrame(() => scrollToField(result.errors[0]?.field ?? ''));
      return;
    }
    setCompleted((previous) => new Set(previous).add(step));
    goTo(Math.min(step + 1, STEP_COUNT - 1));
  };

  const back = () => goTo(Math.max(step - 1, 0));
  const formRef = useRef<HTMLFormElement>(null);
  // Once the form is the app's: what was typed while the page was starting becomes its state, and
  // then a Next Step tapped meanwhile is answered (effects run in this order).
  useEffect(() => {
    if (formRef.current) adoptValuesTypedBeforeHydration(formRef.current, methods);
  }, [methods]);
  useEffect(() => {
    if (!freshForm) return;
    freshForm.current = () => {
      const active = document.activeElement;
      const focused =
        formRef.current && active && formRef.current.contains(active) ? active.getAttribute('name') : null;
      return {
        step: stepRef.current,
        values: methods.getValues(),
        initial: initial.values,
        focused: focused ?? undefined,
      };
    };
    return () => {
      freshForm.current = undefined;
    };
  }, [freshForm, methods, initial]);
  useEffect(() => {
    const field = focusOnStart ? formRef.current?.elements.namedItem(focusOnStart) : null;
    if (field instanceof HTMLElement) field.focus();
  }, [focusOnStart]);
  useEarlySubmit(formRef, next);

  const current = results.get(step);
  const failedSteps = useMemo(() => new Set(results.keys()), [results]);
  const errors = current?.errors ?? noErrors;

  const goToField = (field: string) => {
    setProblemsOpen(false);
    // The dialog gives focus back to the Next button when it closes; move on after that.
    setTimeout(() => scrollToField(field), 0);
  };

  /** Closed without choosing a problem: the keyboard goes to the first one on the page. */
  const closeProblems = () => {
    setProblemsOpen(false);
    const fields = errors.map((problem) => problem.field);
    setTimeout(() => scrollToFirstField(fields), 0);
  };

  const quickFix = (problem: FieldError) => {
    if (!problem.quickFix) return;
    methods.setValue(problem.quickFix.field as 'fullReleaseDate', problem.quickFix.value, {
      shouldDirty: true,
    });
    const result = validateStep(step, methods.getValues(), today);
    record(step, result);
    if (result.errors.length === 0) setProblemsOpen(false);
  };

  return (
    <FormValuesProvider methods={methods}>
      <UploadRegistryContext value={registry}>
        <Container ref={topRef} sx={{ py: { xs: 3, md: 5 }, scrollMarginTop: 80 }}>
          <StepIndicator
            active={step}
            completed={completed}
            failed={failedSteps}
            canOpen={(index) => devMode || index < step || completed.has(index)}
            onOpen={goTo}
          />
          {submission.error && step === STEP_COUNT - 1 && (
            <Alert severity="error" sx={{ mt: 3 }} role="alert">
              <AlertTitle>Submission failed</AlertTitle>
              {submission.error}
            </Alert>
          )}
          {current?.stepMessage && <StepMessageAlert message={current.stepMessage} />}
          {step === ARTIST_STEP && !devMode && <ArtistStepEarlyBanner />}
          <Box
            component="form"
            ref={formRef}
            noValidate
            {...{
              // Step 1 is the step the server renders: a Next Step tapped before the app has taken it
              // over is answered at once by the page's script, by step 1's rules.
              [EARLY_SUBMIT_ATTRIBUTE]: step === ARTIST_STEP && !devMode ? 'artist' : '',
              [EARLY_DRAFT_ATTRIBUTE]: draftKey,
            }}
            aria-label={`Step ${step + 1} of ${STEP_COUNT}`}
            onSubmit={(event) => {
              event.preventDefault();
              // React bubbles events through portals: a dialog's own form (the contributor
              // dialog) submitting must not press Next.
              if (event.target !== event.currentTarget) return;
              next();
            }}
            sx={[{ mt: 4 }, earlyAnswerStyles]}
          >
            <FieldErrorsProvider errors={errors}>
              <StepContent
                step={step}
                onEdit={goTo}
                onSubmit={submission.submit}
                submitting={submission.submitting}
                turnstileSiteKey={turnstileSiteKey}
                onTurnstileToken={setTurnstileToken}
              />
            </FieldErrorsProvider>
            <HoneypotFields refs={honeypot} />
            {step < STEP_COUNT - 1 && (
              <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between' }}>
                <Button variant="outlined" size="large" onClick={back} disabled={step === ARTIST_STEP}>
                  Back
                </Button>
                <Button type="submit" variant="contained" size="large">
                  {step === ADDITIONAL_STEP ? CONTINUE_TO_REVIEW_LABEL : 'Next Step'}
                </Button>
              </Stack>
            )}
          </Box>
        </Container>
        {/* The upload dialog shows while there is progress; the problems dialog mounts when first
            opened and stays, so its closing transition plays. */}
        <Suspense fallback={null}>
          {submission.progress && <SubmissionProgressDialog progress={submission.progress} />}
          {(problemsOpen || problemsShown) && (
            <ProblemsDialog
              open={problemsOpen}
              problems={errors}
              onClose={closeProblems}
              onGoTo={goToField}
              onQuickFix={quickFix}
            />
          )}
        </Suspense>
      </UploadRegistryContext>
    </FormValuesProvider>
  );
});
