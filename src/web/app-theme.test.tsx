import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appTheme } from './app-theme';

/** Every CSS rule Emotion put in the document, as text. */
function insertedRules(): string[] {
  return [...document.querySelectorAll('style[data-emotion]')].flatMap((style) =>
    [...((style as HTMLStyleElement).sheet?.cssRules ?? [])].map((rule) => rule.cssText),
  );
}

describe('the app theme', () => {
  it('gives a page of fields MUI’s autofill keyframes once, and each field the animation that notices autofill', () => {
    const cache = createCache({ key: 'autofill', speedy: true });
    render(
      <CacheProvider value={cache}>
        <ThemeProvider theme={appTheme()}>
          <CssBaseline />
          <TextField label="First name" />
          <TextField label="Surname" />
          <TextField label="Email" />
        </ThemeProvider>
      </CacheProvider>,
    );
    const rules = insertedRules();
    expect(rules.filter((rule) => rule.startsWith('@keyframes mui-auto-fill '))).toHaveLength(1);
    expect(rules.filter((rule) => rule.startsWith('@keyframes mui-auto-fill-cancel '))).toHaveLength(1);
    expect(rules).toContainEqual(
      expect.stringMatching(/^\.MuiInputBase-input \{.*animation-name: mui-auto-fill-cancel/),
    );
    expect(rules).toContainEqual(
      expect.stringMatching(/^\.MuiInputBase-input:-webkit-autofill \{.*animation-name: mui-auto-fill;/),
    );
    // No field brought a global style sheet of its own.
    expect(document.querySelectorAll('style[data-emotion^="autofill-global"]')).toHaveLength(1);
  });
});
