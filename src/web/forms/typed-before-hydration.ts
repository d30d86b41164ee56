import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { setNoInstagram, setNoTikTok } from '../../domain';
import type { SubmitFormValues } from './form-values';

/**
 * What the artist typed into a prerendered form before the app took it over is in the inputs but
 * not in the form's state: React keeps what an input holds while it hydrates it, and the next
 * render of that controlled input would put the state's empty value back. Called once the form is
 * the app's, this takes each named field's text, and each named box's tick, into the state, as if
 * entered now, with what entering it does (a ticked "I don't have Instagram" clears the profile).
 * Fields the form does not keep (the honeypot) are left alone.
 */
export function adoptValuesTypedBeforeHydration(
  form: HTMLFormElement,
  methods: Pick<UseFormReturn<SubmitFormValues>, 'getValues' | 'setValue'>,
): void {
  for (const element of form.elements) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !element.name) {
      continue;
    }
    const name = element.name as FieldPath<SubmitFormValues>;
    const current: unknown = methods.getValues(name);
    const entered = element.type === 'checkbox' ? (element as HTMLInputElement).checked : element.value;
    if (typeof current === typeof entered && current !== entered) {
      methods.setValue(name, entered as never, { shouldDirty: true });
    }
  }
  // An "I don't have …" box ticked meanwhile does what ticking it does now: it clears its profile.
  const values = methods.getValues();
  const social = setNoTikTok(setNoInstagram(values, values.noInstagram), values.noTikTok);
  for (const name of ['instagramProfile', 'tiktokProfile'] as const) {
    if (social[name] !== values[name]) methods.setValue(name, social[name], { shouldDirty: true });
  }
}
