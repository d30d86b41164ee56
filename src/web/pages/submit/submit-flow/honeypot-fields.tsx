import { type RefObject, useRef } from 'react';
import type { HoneypotField, SubmissionVerification } from '../../../../domain';

export type HoneypotRefs = Record<HoneypotField, RefObject<HTMLInputElement | null>>;

export function useHoneypotRefs(): HoneypotRefs {
  return { website: useRef<HTMLInputElement>(null), email_confirm: useRef<HTMLInputElement>(null) };
}

export function readHoneypot(refs: HoneypotRefs): SubmissionVerification['honeypot'] {
  return {
    website: refs.website.current?.value ?? '',
    email_confirm: refs.email_confirm.current?.value ?? '',
  };
}

/**
 * The honeypot inputs of the bot check (spec 001 §5): form-filling bots complete every input
 * they find; people never see these (off-screen, hidden from assistive technology, out of the
 * tab order, and autofill is told to leave them alone).
 */
export function HoneypotFields({ refs }: { refs: HoneypotRefs }) {
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label>
        Website
        <input
          ref={refs.website}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </label>
      <label>
        Confirm e-mail
        <input
          ref={refs.email_confirm}
          type="text"
          name="email_confirm"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </label>
    </div>
  );
}
