import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, type RefObject, useEffect, useEffectEvent, useLayoutEffect, useState } from 'react';
import {
  EARLY_ANSWER_ATTRIBUTE,
  EARLY_FILLED_ATTRIBUTE,
  EARLY_MESSAGE_ATTRIBUTE,
  EARLY_SUBMITS_GLOBAL,
  LIVE_FORM_ATTRIBUTE,
} from '../../domain/display/early-submit';
import { useHydrating } from './use-hydrating';

type HeldSubmits = { [EARLY_SUBMITS_GLOBAL]?: HTMLFormElement[] };

/** Takes away what the page's inline script drew for an early answer. */
function clearEarlyAnswer(doc: Document): void {
  doc.documentElement.removeAttribute(EARLY_ANSWER_ATTRIBUTE);
  for (const control of doc.querySelectorAll(`[${EARLY_MESSAGE_ATTRIBUTE}]`)) {
    control.removeAttribute(EARLY_MESSAGE_ATTRIBUTE);
  }
}

/**
 * For a prerendered form marked `data-early-submit`: once the app has taken the form over, marks it
 * live (the page's inline script stops holding its submits) and answers a submit the artist made
 * before that, so a tap on Next Step while the page was still starting is not lost. The script's
 * early answer, if it drew one, goes in the same frame as the app's answer arrives.
 */
export function useEarlySubmit(formRef: RefObject<HTMLFormElement | null>, onSubmit: () => void): void {
  const answer = useEffectEvent(onSubmit);
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.setAttribute(LIVE_FORM_ATTRIBUTE, '');
    // The app's own state raises the labels of the fields typed into from here on.
    for (const control of form.querySelectorAll(`[${EARLY_FILLED_ATTRIBUTE}]`)) {
      control.removeAttribute(EARLY_FILLED_ATTRIBUTE);
    }
    const held = (window as HeldSubmits)[EARLY_SUBMITS_GLOBAL];
    const index = held?.indexOf(form) ?? -1;
    if (held && index >= 0) {
      held.splice(index, 1);
      answer();
      setAnswered(true);
    }
  }, [formRef]);
  // After the commit that draws the app's answer, before it is painted.
  useLayoutEffect(() => {
    if (answered) clearEarlyAnswer(document);
  }, [answered]);
}

/** A field focused or typed into before the app took the form over (its own state does it after). */
const touchedEarly = `& .MuiFormControl-root:is(:focus-within, [${EARLY_FILLED_ATTRIBUTE}])`;
/** Focused before the app took the form over, and not marked wrong (which keeps its error colour). */
const focusedEarly = `& .MuiFormControl-root:not([${EARLY_MESSAGE_ATTRIBUTE}]):focus-within`;

/**
 * For the `sx` of a form whose submits are answered early, what the page's script marks drawn as
 * the app would draw it: a field's early message as its helper text (in place of any it has), and
 * the label of a field focused or typed into raised off the text, its outline notched for it.
 */
export const earlyAnswerStyles = {
  [`& [${EARLY_MESSAGE_ATTRIBUTE}] .MuiFormHelperText-root`]: { display: 'none' },
  [`& [${EARLY_MESSAGE_ATTRIBUTE}]::after`]: {
    typography: 'caption',
    content: `attr(${EARLY_MESSAGE_ATTRIBUTE})`,
    display: 'block',
    textAlign: 'left',
    m: '3px 14px 0',
    color: 'error.main',
  },
  [`& [${EARLY_MESSAGE_ATTRIBUTE}] .MuiOutlinedInput-notchedOutline`]: { borderColor: 'error.main' },
  [`& [${EARLY_MESSAGE_ATTRIBUTE}]:focus-within .MuiOutlinedInput-notchedOutline`]: { borderWidth: 2 },
  [`& [${EARLY_MESSAGE_ATTRIBUTE}] .MuiInputLabel-root`]: { color: 'error.main' },
  [`${touchedEarly} > .MuiInputLabel-outlined[data-shrink="false"]`]: {
    transform: 'translate(14px, -9px) scale(0.75)',
    maxWidth: 'calc(133% - 32px)',
  },
  [`${touchedEarly} .MuiOutlinedInput-notchedOutline > legend`]: { maxWidth: '100%' },
  [`${focusedEarly} > .MuiInputLabel-outlined[data-shrink="false"]`]: { color: 'primary.main' },
  [`${focusedEarly} .MuiInputBase-root:not(.Mui-focused) .MuiOutlinedInput-notchedOutline`]: {
    borderColor: 'primary.main',
    borderWidth: 2,
  },
} satisfies SxProps<Theme>;

/**
 * The banners of an early answer, hidden until the page's inline script names one on `<html>`:
 * `fields` when several things are missing, `sole` when only the rule set's `soleField` is wrong.
 * Only in a page the server rendered (the script answers only its markup), and kept hidden once
 * the app answers with its own banner.
 */
export function EarlyAnswerBanner({ fields, sole }: { fields: ReactNode; sole: ReactNode }) {
  const hydrating = useHydrating();
  const [prerendered] = useState(hydrating);
  if (!prerendered) return null;
  const shownFor = (banner: string) => ({
    display: 'none',
    [`html[${EARLY_ANSWER_ATTRIBUTE}="${banner}"] &`]: { display: 'block' },
  });
  return (
    <>
      <Box data-early-banner="fields" sx={shownFor('fields')}>
        {fields}
      </Box>
      <Box data-early-banner="sole" sx={shownFor('sole')}>
        {sole}
      </Box>
    </>
  );
}
