import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { FieldError } from '../../domain';
import type { FieldPath } from './form-values';

interface FieldErrorsValue {
  /** The problems shown now: those of the current step, after the artist pressed Next once. */
  errors: readonly FieldError[];
}

const FieldErrorsContext = createContext<FieldErrorsValue>({ errors: [] });

/** Provides the current step's problems to every field below; `errors` comes from the wizard. */
export function FieldErrorsProvider({
  errors,
  children,
}: {
  errors: readonly FieldError[];
  children: ReactNode;
}) {
  const value = useMemo(() => ({ errors }), [errors]);
  return <FieldErrorsContext value={value}>{children}</FieldErrorsContext>;
}

/** The message for exactly this field, if it has one. */
export function useFieldError(field: FieldPath): string | undefined {
  const { errors } = useContext(FieldErrorsContext);
  return errors.find((error) => error.field === field)?.message;
}

/** Every problem at or under a path (`tracks.2` gives the problems of the third track). */
export function useErrorsUnder(prefix: FieldPath): FieldError[] {
  const { errors } = useContext(FieldErrorsContext);
  return useMemo(
    () => errors.filter((error) => error.field === prefix || error.field.startsWith(`${prefix}.`)),
    [errors, prefix],
  );
}

/** The DOM id of a field's input: stable, readable, and valid in a CSS selector. */
export function fieldDomId(field: FieldPath): string {
  return `field-${field.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * Marks the element that holds a field, so the wizard can scroll to it and focus it: spread on
 * the field's wrapper (or the input itself). Anchors that are not inputs (a track's contributor
 * section) carry the same attribute.
 */
export function fieldAnchor(field: FieldPath): { 'data-field': string } {
  return { 'data-field': field };
}
