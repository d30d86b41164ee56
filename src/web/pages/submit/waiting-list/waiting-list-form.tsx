import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  buildWaitingListPayload,
  type FieldError,
  INVALID_EMAIL_MESSAGE,
  REQUIRED_INFORMATION_MISSING,
  type StepValidation,
  validateWaitingList,
  WAITING_LIST_MESSAGES,
} from '../../../../domain';
import { joinWaitingList, WaitingListError } from '../../../api/waiting-list';
import { FieldErrorsProvider } from '../../../forms/field-errors';
import { createInitialValues, type SubmitFormValues } from '../../../forms/form-values';
import { FormValuesProvider } from '../../../forms/form-values-provider';
import { scrollToField } from '../../../forms/scroll-to-field';
import { ArtistStep } from '../steps/artist/artist-step';
import { WaitingListSection } from './waiting-list-section';
import { WaitingListSubmitted } from './waiting-list-submitted';

const noErrors: readonly FieldError[] = [];

function check(values: SubmitFormValues): StepValidation {
  return validateWaitingList({ ...values, listenLink: values.listenLink ?? '' });
}

/**
 * The lines of the alert: the domain's list of missing fields first, then the problems that list
 * does not name (a missing listen link, a malformed address).
 */
function alertLines(result: StepValidation): string[] {
  const lines = result.stepMessage ? [result.stepMessage] : [];
  for (const error of result.errors) {
    const unlisted = error.field === 'listenLink' || error.message === INVALID_EMAIL_MESSAGE;
    if (unlisted && !lines.includes(error.message)) lines.push(error.message);
  }
  return lines;
}

/**
 * Waiting-list mode's form (spec 001 §2, §4, §5, §8): step 1's sections, then the listen link and
 * project description. Idle → submitting (button busy, fields disabled) → submitted. The domain
 * checks the fields before anything is sent; once a check failed it is re-run as the artist types,
 * so the messages go away as fields are fixed.
 */
export function WaitingListForm() {
  const [initialValues] = useState(() => createInitialValues());
  const methods = useForm<SubmitFormValues>({ defaultValues: initialValues });
  const [validation, setValidation] = useState<StepValidation | null>(null);
  const checked = useRef(false);
  const mutation = useMutation({
    mutationFn: (values: SubmitFormValues) => joinWaitingList(buildWaitingListPayload(values)),
  });

  useEffect(() => {
    const subscription = methods.watch(() => {
      if (checked.current) setValidation(check(methods.getValues()));
    });
    return () => subscription.unsubscribe();
  }, [methods]);

  if (mutation.isSuccess) return <WaitingListSubmitted />;

  const submitting = mutation.isPending;
  const submit = () => {
    if (submitting) return;
    const values = methods.getValues();
    const result = check(values);
    checked.current = true;
    setValidation(result);
    if (result.errors.length > 0) {
      requestAnimationFrame(() => scrollToField(result.errors[0]?.field ?? ''));
      return;
    }
    mutation.mutate(values);
  };

  const errors = validation?.errors ?? noErrors;
  const failure = mutation.error
    ? mutation.error instanceof WaitingListError
      ? mutation.error.message
      : WAITING_LIST_MESSAGES.generic
    : undefined;

  return (
    <FormValuesProvider methods={methods}>
      <Box
        component="form"
        noValidate
        aria-label="Join the waiting list"
        aria-busy={submitting}
        onSubmit={(event) => {
          event.preventDefault();
          if (event.target !== event.currentTarget) return;
          submit();
        }}
      >
        <Stack spacing={{ xs: 2, md: 3 }}>
          {errors.length > 0 && validation && (
            <Alert severity="error" role="alert">
              <AlertTitle>{REQUIRED_INFORMATION_MISSING}</AlertTitle>
              {alertLines(validation).map((line) => (
                <Box key={line} component="span" sx={{ display: 'block' }}>
                  {line}
                </Box>
              ))}
            </Alert>
          )}
          {/* A disabled fieldset disables every control inside it while the entry is being sent. */}
          <Box component="fieldset" disabled={submitting} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Stack spacing={{ xs: 2, md: 3 }}>
              <FieldErrorsProvider errors={errors}>
                <ArtistStep socialProfilesRequired={false} />
                <WaitingListSection submitting={submitting} failure={failure} />
              </FieldErrorsProvider>
            </Stack>
          </Box>
        </Stack>
      </Box>
    </FormValuesProvider>
  );
}
