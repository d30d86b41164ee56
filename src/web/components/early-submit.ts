import { type RefObject, useEffect, useEffectEvent } from 'react';
import { EARLY_SUBMITS_GLOBAL, LIVE_FORM_ATTRIBUTE } from '../../domain/display/early-submit';

type HeldSubmits = { [EARLY_SUBMITS_GLOBAL]?: HTMLFormElement[] };

/**
 * For a prerendered form marked `data-early-submit`: once the app has taken the form over, marks it
 * live (the page's inline script stops holding its submits) and answers a submit the artist made
 * before that, so a tap on Next Step while the page was still starting is not lost.
 */
export function useEarlySubmit(formRef: RefObject<HTMLFormElement | null>, onSubmit: () => void): void {
  const answer = useEffectEvent(onSubmit);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.setAttribute(LIVE_FORM_ATTRIBUTE, '');
    const held = (window as HeldSubmits)[EARLY_SUBMITS_GLOBAL];
    const index = held?.indexOf(form) ?? -1;
    if (held && index >= 0) {
      held.splice(index, 1);
      answer();
    }
  }, [formRef]);
}
