import type { Page } from '@playwright/test';
import { createDefaultSubmissionForm } from '../../src/domain';
import { makeJpeg, makeWav } from '../../src/server/test/media-fixtures';
import type { SubmitFormValues } from '../../src/web/forms/form-values';
import { DRAFT_STORAGE_KEY } from '../../src/web/pages/submit/form/draft-storage';
import { dismissBetaNotice } from '../fixtures';

/** Files made by the test, in the shape `setInputFiles` takes. */
export function wavFile(name: string, options: Parameters<typeof makeWav>[0] = {}) {
  return { name, mimeType: 'audio/wav', buffer: makeWav({ seconds: 31, ...options }) };
}

export async function jpegFile(name: string, width: number, height: number) {
  return { name, mimeType: 'image/jpeg', buffer: await makeJpeg({ width, height }) };
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Step 1 as a new artist would leave it, for tests that start on a later step. */
export function artistDetails(): Partial<SubmitFormValues> {
  return {
    firstName: 'Nova',
    surname: 'Quinn',
    email: 'nova.quinn@example.com',
    artistName: 'Nova Quinn',
    country: 'United Kingdom',
    city: 'Bristol',
    instagramProfile: 'https://instagram.com/novaquinn',
    noTikTok: true,
  };
}

/**
 * Opens /submit on `step` with a draft in the browser, as if the artist had got there and
 * reloaded: the same path the draft restore takes for real artists.
 */
export async function openSubmitWithDraft(page: Page, step: number, values: Partial<SubmitFormValues>) {
  let id = 0;
  const draft: SubmitFormValues = {
    ...createDefaultSubmissionForm(todayIso(), () => `track-${++id}`),
    uploadSessionId: `form-e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    ...values,
  };
  await page.addInitScript(
    ([key, text]) => {
      if (!window.sessionStorage.getItem('imprint.e2eDraftSeeded')) {
        window.localStorage.setItem(key as string, text as string);
        window.sessionStorage.setItem('imprint.e2eDraftSeeded', '1');
      }
    },
    [DRAFT_STORAGE_KEY, JSON.stringify({ savedAt: Date.now(), step, values: draft })],
  );
  await page.goto('/submit');
  await dismissBetaNotice(page);
}
