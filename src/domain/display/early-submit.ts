/**
 * A form the server prerendered can be submitted before the app has taken it over: a tap on Next
 * Step while a phone is still running the page's code would make the browser send the form and
 * reload the page (losing the tap and whatever was typed). The script inlined at the top of every
 * page (early-submit-script.ts) holds such a submit for a form that asks for it
 * (`data-early-submit`) until the app marks the form live (`data-live`) and answers the held submit
 * itself. With JavaScript off nothing runs and the form works as plain HTML.
 *
 * A form that names a rule set (`data-early-submit="artist"`) is also answered at once: the script
 * checks its fields by those rules and shows what is missing, in attributes the page's CSS draws
 * (a message on each field, the banner named on `<html>`), so the markup React hydrates is
 * untouched. The app clears them when it answers the held submit with its own errors. While the
 * app is not there yet, a field typed into is marked filled, so its label is raised off the text.
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
export const LIVE_FORM_ATTRIBUTE = 'data-live';
export const EARLY_SUBMITS_GLOBAL = '__imprintEarlySubmits';
/** On the form: the storage key of its draft. A draft the app is about to restore is not answered early. */
export const EARLY_DRAFT_ATTRIBUTE = 'data-early-draft';
/** On `<html>` while an early answer shows: which banner, `fields` or `sole` (only `soleField` is wrong). */
export const EARLY_ANSWER_ATTRIBUTE = 'data-early-answer';
/** On a field's form control while an early answer shows: its message. */
export const EARLY_MESSAGE_ATTRIBUTE = 'data-early-message';
/** On a field's form control typed into before the app took the form over: its label is raised. */
export const EARLY_FILLED_ATTRIBUTE = 'data-early-filled';

/**
 * One field of a step as the early answer checks it, found by its `data-field` anchor: blank is
 * `required`; else not matching `pattern`, or not containing `includes` (case-insensitively), is
 * the matching message. A ticked `optOut` box (by its input's name) skips the field.
 */
export interface EarlyFieldRule {
  field: string;
  required: string;
  pattern?: string;
  patternMessage?: string;
  includes?: string;
  includesMessage?: string;
  optOut?: string;
}

export interface EarlyStepRules {
  /** In the order of the page, so the first wrong one is the one focused. */
  fields: EarlyFieldRule[];
  /** The field whose problems alone get the `sole` banner. */
  soleField: string;
}

/** The rule sets a form may name in `data-early-submit`. */
export type EarlyRuleSetName = 'artist';
