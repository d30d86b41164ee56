import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { readCspNonce } from '../../../../config';

/**
 * Cloudflare Turnstile on the review step, when the installation configures it (design.md §1).
 * The script comes from Cloudflare (it must not be bundled or proxied) and is loaded once, on the
 * first widget; the widget is rendered explicitly into our own element and removed with it.
 */

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

export const TURNSTILE_LOADING = 'Loading the check that you are a person…';
export const TURNSTILE_LOAD_FAILED =
  'The check that you are a person could not be loaded. Check your connection, allow challenges.cloudflare.com if a content blocker is on, and try again.';
export const TURNSTILE_CHALLENGE_FAILED =
  'The check that you are a person did not succeed. It will try again by itself; if it keeps failing, reload the page.';

/** The part of Turnstile's browser API this widget uses (https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/). */
interface TurnstileRenderOptions {
  sitekey: string;
  callback(token: string): void;
  'expired-callback'(): void;
  /** Returning true tells Turnstile the error was handled (it throws otherwise). */
  'error-callback'(errorCode?: string): boolean;
}

export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | null | undefined;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let pending: Promise<TurnstileApi> | undefined;

/** Adds Cloudflare's script once; a failed load can be tried again. */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  if (pending) return pending;
  const loading = new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    const nonce = readCspNonce();
    if (nonce) script.nonce = nonce;
    script.addEventListener('load', () => {
      if (window.turnstile) resolve(window.turnstile);
      else reject(new Error('The Turnstile script loaded without defining window.turnstile'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('The Turnstile script could not be loaded'));
    });
    document.head.append(script);
  });
  pending = loading;
  const settled = () => {
    if (pending === loading) pending = undefined;
  };
  loading.then(settled, settled);
  return loading;
}

type WidgetState = 'loading' | 'shown' | 'load-failed' | 'challenge-failed';

/**
 * Shows the Turnstile challenge and reports its token: a string once solved, null when it expires
 * or fails (Turnstile then refreshes or retries by itself and reports a new token).
 */
export function TurnstileWidget({
  siteKey,
  onToken,
}: {
  siteKey: string;
  onToken(token: string | null): void;
}) {
  const container = useRef<HTMLDivElement>(null);
  // The latest callback, so a parent re-render does not re-create the widget (and its challenge).
  const report = useRef(onToken);
  useEffect(() => {
    report.current = onToken;
  });
  const [state, setState] = useState<WidgetState>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on "Try again".
  useEffect(() => {
    let active = true;
    let widgetId: string | undefined;
    setState('loading');
    loadTurnstile().then(
      (turnstile) => {
        if (!active || !container.current) return;
        widgetId =
          turnstile.render(container.current, {
            sitekey: siteKey,
            callback: (token) => {
              setState('shown');
              report.current(token);
            },
            'expired-callback': () => report.current(null),
            'error-callback': () => {
              setState('challenge-failed');
              report.current(null);
              return true;
            },
          }) ?? undefined;
        setState('shown');
      },
      () => {
        if (!active) return;
        setState('load-failed');
        report.current(null);
      },
    );
    return () => {
      active = false;
      if (widgetId !== undefined) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, attempt]);

  return (
    <Box sx={{ my: 2 }}>
      <div aria-live="polite">
        {state === 'loading' && (
          <Typography variant="body2" color="text.secondary">
            {TURNSTILE_LOADING}
          </Typography>
        )}
        {state === 'challenge-failed' && <Alert severity="warning">{TURNSTILE_CHALLENGE_FAILED}</Alert>}
      </div>
      {state === 'load-failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          }
        >
          {TURNSTILE_LOAD_FAILED}
        </Alert>
      )}
      {/* Turnstile's own frame goes here; 65 px is its height, so the buttons below do not jump. */}
      <Box ref={container} sx={{ minHeight: state === 'load-failed' ? 0 : 65 }} />
    </Box>
  );
}
