import type { Page } from '@playwright/test';

/**
 * Answers the page's next dialog (the leave-confirmation's `window.confirm`) and resolves with its
 * message once answered. The answer is given inside the listener: a confirm opened from a click
 * handler blocks that click until someone answers, so awaiting the click first would never end.
 * Await the result before provoking another dialog, or both listeners would get the same one.
 */
export function answerNextDialog(page: Page, answer: 'accept' | 'dismiss'): Promise<string> {
  return new Promise((resolve, reject) => {
    page.once('dialog', (dialog) => {
      const message = dialog.message();
      (answer === 'accept' ? dialog.accept() : dialog.dismiss()).then(() => resolve(message), reject);
    });
  });
}
