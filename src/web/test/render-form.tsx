import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import type { FieldError } from '../../domain';
import { FieldErrorsProvider } from '../forms/field-errors';
import { createInitialValues, type SubmitFormValues } from '../forms/form-values';
import { theme } from '../theme';

interface RenderFormOptions {
  values?: Partial<SubmitFormValues>;
  errors?: FieldError[];
  today?: string;
}

interface HarnessProps {
  defaults: SubmitFormValues;
  errors: FieldError[];
  queryClient: QueryClient;
  onForm(form: UseFormReturn<SubmitFormValues>): void;
  children: ReactNode;
}

function Harness({ defaults, errors, queryClient, onForm, children }: HarnessProps) {
  const methods = useForm<SubmitFormValues>({ defaultValues: defaults });
  onForm(methods);
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <FormProvider {...methods}>
          <FieldErrorsProvider errors={errors}>{children}</FieldErrorsProvider>
        </FormProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/**
 * Renders part of the submission form inside the same providers the page uses: the form state
 * (react-hook-form), the field errors, the theme and TanStack Query. Returns the form methods so
 * a test can read what the component wrote (`getForm().getValues()`).
 */
export function renderInForm(ui: ReactNode, options: RenderFormOptions = {}) {
  const form: { current: UseFormReturn<SubmitFormValues> | null } = { current: null };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const defaults = { ...createInitialValues(options.today ?? '2026-11-21'), ...options.values };
  const result = render(
    <Harness
      defaults={defaults}
      errors={options.errors ?? []}
      queryClient={queryClient}
      onForm={(methods) => {
        form.current = methods;
      }}
    >
      {ui}
    </Harness>,
  );
  const getForm = (): UseFormReturn<SubmitFormValues> => {
    if (!form.current) throw new Error('The form has not rendered');
    return form.current;
  };
  return { ...result, getForm, queryClient };
}
