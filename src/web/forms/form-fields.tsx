import { type FieldPathValue, type Path, useController, useFormContext } from 'react-hook-form';
import { TextInput, type TextInputProps } from '../components/text-input';
import { fieldAnchor, fieldDomId, useFieldError } from './field-errors';
import type { SubmitFormValues } from './form-values';

/** A path in the form's values whose value is a string (what a text input edits). */
export type TextPath = {
  [P in Path<SubmitFormValues>]: NonNullable<FieldPathValue<SubmitFormValues, P>> extends string ? P : never;
}[Path<SubmitFormValues>];

type FormTextFieldProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: TextPath;
  /** Also called after the value changes (e.g. to reset a verification). */
  onValueChange?(value: string): void;
};

/**
 * A text input bound to the form state, showing the domain's message for its path. Its id and
 * `data-field` come from the path, so the wizard can scroll to it.
 */
export function FormTextField({ name, onValueChange, helperText, slotProps, ...props }: FormTextFieldProps) {
  const { control } = useFormContext<SubmitFormValues>();
  const { field } = useController({ control, name });
  const error = useFieldError(name);
  return (
    <TextInput
      {...props}
      {...fieldAnchor(name)}
      id={fieldDomId(name)}
      name={name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => {
        field.onChange(event.target.value);
        onValueChange?.(event.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={slotProps}
    />
  );
}
