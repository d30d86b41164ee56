// @vitest-environment jsdom
import type { FieldPath } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { createDefaultSubmissionForm } from '../../domain';
import type { SubmitFormValues } from './form-values';
import { adoptValuesTypedBeforeHydration } from './typed-before-hydration';

/** The prerendered form's inputs, as the artist left them before the app took the form over. */
function prerenderedForm(inputs: Array<{ name: string; value?: string; checked?: boolean }>) {
  const form = document.createElement('form');
  for (const { name, value, checked } of inputs) {
    const input = document.createElement('input');
    input.name = name;
    if (checked === undefined) input.value = value ?? '';
    else {
      input.type = 'checkbox';
      input.checked = checked;
    }
    form.append(input);
  }
  return form;
}

/** The form's state: react-hook-form's getValues and setValue over one values object. */
function formState() {
  let n = 0;
  const values = createDefaultSubmissionForm('2026-11-28', () => `id-${++n}`) as SubmitFormValues;
  const dirty = new Set<string>();
  return {
    values,
    dirty,
    getValues: ((name?: FieldPath<SubmitFormValues>) =>
      name === undefined ? { ...values } : values[name as keyof SubmitFormValues]) as never,
    setValue: ((name: keyof SubmitFormValues, value: never, options?: { shouldDirty?: boolean }) => {
      values[name] = value;
      if (options?.shouldDirty) dirty.add(name);
    }) as never,
  };
}

describe('adoptValuesTypedBeforeHydration', () => {
  it('takes what was typed and ticked into the form, as if entered now', () => {
    const state = formState();
    adoptValuesTypedBeforeHydration(
      prerenderedForm([
        { name: 'firstName', value: 'Nova' },
        { name: 'noTikTok', checked: true },
        { name: 'website', value: 'bot text' },
      ]),
      state,
    );
    expect(state.values.firstName).toBe('Nova');
    expect(state.values.noTikTok).toBe(true);
    expect([...state.dirty].sort()).toEqual(['firstName', 'noTikTok']);
    expect(state.values).not.toHaveProperty('website');
  });

  it("clears a profile typed beside an 'I don't have' box ticked before the app was there", () => {
    const state = formState();
    adoptValuesTypedBeforeHydration(
      prerenderedForm([
        { name: 'instagramProfile', value: 'https://instagram.com/nova' },
        { name: 'noInstagram', checked: true },
        { name: 'tiktokProfile', value: 'https://tiktok.com/@nova' },
        { name: 'noTikTok', checked: false },
      ]),
      state,
    );
    expect(state.values.noInstagram).toBe(true);
    expect(state.values.instagramProfile).toBe('');
    expect(state.values.tiktokProfile).toBe('https://tiktok.com/@nova');
  });
});
