import { useState } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';

/**
 * react-hook-form's `FormProvider` for the forms whose state is their values alone (the
 * submission form, the waiting list: the domain validates them and nothing reads `formState`).
 * It provides the first `formState` for good. `useForm` renders its form again once mounted (its
 * `isReady` flag, set in a layout effect, so synchronously), and with a new `formState` the
 * context would render every field again with it: on a phone, one long task right after the
 * prerendered page is hydrated. A form that reads `formState` uses `FormProvider`.
 */
export function FormValuesProvider<T extends FieldValues>({
  methods,
  children,
}: {
  methods: UseFormReturn<T>;
  children: React.ReactNode;
}) {
  const [formState] = useState(() => methods.formState);
  return (
    <FormProvider {...methods} formState={formState}>
      {children}
    </FormProvider>
  );
}
