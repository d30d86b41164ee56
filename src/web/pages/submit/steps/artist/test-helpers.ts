import { screen } from '@testing-library/react';

/** The text an input's aria-describedby points at (its helper text), as assistive technology reads it. */
export function describedText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

export function inputValue(element: HTMLElement): string {
  return (element as HTMLInputElement).value;
}

export function isDisabled(element: HTMLElement): boolean {
  return (element as HTMLInputElement | HTMLButtonElement).disabled;
}

/**
 * The option texts of the open listbox. A plain selector, because role queries over the ~195
 * countries are slow in jsdom.
 */
export function optionNames(): string[] {
  const listbox = screen.getByRole('listbox');
  return Array.from(listbox.querySelectorAll('[role="option"]'), (option) => option.textContent ?? '');
}

/** An option of the open listbox by its text (a role query with a name is slow over long lists). */
export function optionNamed(name: string): HTMLElement {
  const listbox = screen.getByRole('listbox');
  const match = Array.from(listbox.querySelectorAll<HTMLElement>('[role="option"]')).find(
    (option) => option.textContent === name,
  );
  if (!match) throw new Error(`No option named ${name}; the list has ${optionNames().join(', ')}`);
  return match;
}

/** A JSON answer shaped like our API's. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The URL a mocked fetch was called with. */
export function requestUrl(input: RequestInfo | URL): URL {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(raw, 'http://localhost');
}
