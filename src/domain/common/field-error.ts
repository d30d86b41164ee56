/**
 * What every validator returns, so the web form and the server report problems the same way:
 * `field` is a dotted path into the form (e.g. `tracks.0.title`) that the form uses to scroll to
 * the first bad field; `quickFix` is a value the dialog can offer to apply with one click.
 */
export interface QuickFix {
  field: string;
  value: string;
}

export interface FieldError {
  field: string;
  message: string;
  quickFix?: QuickFix;
}

export interface StepValidation {
  /** Empty when the step is valid. */
  errors: FieldError[];
  /** The wizard-level text for the "Required Information Missing" banner, when there are errors. */
  stepMessage?: string;
}

export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** The step result; the banner text falls back to the first problem when the spec gives no wizard text. */
export function buildStepValidation(errors: FieldError[], stepMessage?: string): StepValidation {
  if (errors.length === 0) return { errors };
  return { errors, stepMessage: stepMessage ?? errors[0]?.message };
}
