import Box from '@mui/material/Box';
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
 * tab order, and autofill is told to leave them alone). Placed by a class, not a style attribute:
 * the prerendered form hides them before any script runs, with no style attribute for
 * the CSP to admit.
 */
export function HoneypotFields({ refs }: { refs: HoneypotRefs }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        position: 'absolute',
        left: '-10000px',
        top: 'auto',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
      }}
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
    </Box>
  );
}
