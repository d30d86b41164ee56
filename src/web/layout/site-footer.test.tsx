import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defaultPublicConfig, type PublicConfig } from '../../domain/public-config';
import { PublicConfigContext } from '../config';
import { theme } from '../theme';
import { SiteFooter } from './site-footer';

function renderFooter(social: PublicConfig['social']) {
  const config = {
    ...defaultPublicConfig,
    labelName: 'Nightjar',
    contactEmail: 'hello@nightjar.example',
    social,
  };
  const router = createMemoryRouter([{ path: '*', Component: SiteFooter }]);
  render(
    <ThemeProvider theme={theme}>
      <PublicConfigContext value={config}>
        <RouterProvider router={router} />
      </PublicConfigContext>
    </ThemeProvider>,
  );
  return screen.getByRole('contentinfo');
}

describe('the footer’s social links (spec 001 §2)', () => {
  it('shows the label’s configured links, each named after its service, opening in a new tab', () => {
    const footer = renderFooter({
      video: 'https://www.tiktok.com/@nightjar',
      music: 'https://open.spotify.com/artist/1a2b3c',
      photo: 'https://www.instagram.com/nightjar/',
    });
    const list = within(footer).getByRole('list', { name: 'Follow Nightjar' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Nightjar on TikTok (opens in a new tab)', 'https://www.tiktok.com/@nightjar'],
      ['Nightjar on Spotify (opens in a new tab)', 'https://open.spotify.com/artist/1a2b3c'],
      ['Nightjar on Instagram (opens in a new tab)', 'https://www.instagram.com/nightjar/'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // A TikTok link is not dressed as YouTube; Instagram keeps its own logo.
    expect(links[0]?.querySelector('[data-testid="YouTubeIcon"]')).toBeNull();
    expect(links[2]?.querySelector('[data-testid="InstagramIcon"]')).not.toBeNull();
  });

  it('names a link on a service it does not know by what it is, and shows only those configured', () => {
    const footer = renderFooter({ video: 'https://videos.nightjar.example/' });
    const links = within(within(footer).getByRole('list', { name: 'Follow Nightjar' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Nightjar videos (opens in a new tab)',
    ]);
  });

  it('without configured links shows no social row at all, and no room kept for one', () => {
    const footer = renderFooter({});
    expect(within(footer).queryByRole('list', { name: 'Follow Nightjar' })).toBeNull();
    const email = within(footer).getByRole('link', { name: 'hello@nightjar.example' });
    // The contact address closes the label's column: nothing empty follows it.
    expect(email.nextElementSibling).toBeNull();
  });
});
