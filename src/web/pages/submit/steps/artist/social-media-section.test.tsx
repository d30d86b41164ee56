import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../../../test/render-form';
import { SocialMediaSection } from './social-media-section';
import { describedText, inputValue, isDisabled } from './test-helpers';

describe('SocialMediaSection', { timeout: 15_000 }, () => {
  it("clears and disables the Instagram field when 'I don't have Instagram' is ticked", async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<SocialMediaSection />, {
      values: { instagramProfile: 'https://instagram.com/lunar', noInstagram: false },
    });
    const instagram = screen.getByRole('textbox', { name: /Instagram profile/ });
    expect(inputValue(instagram)).toBe('https://instagram.com/lunar');
    expect(instagram.getAttribute('placeholder')).toBe('https://instagram.com/yourname');
    expect((instagram as HTMLInputElement).required).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: "I don't have Instagram" }));

    expect(getForm().getValues('noInstagram')).toBe(true);
    expect(getForm().getValues('instagramProfile')).toBe('');
    expect(inputValue(instagram)).toBe('');
    expect(isDisabled(instagram)).toBe(true);
    expect((instagram as HTMLInputElement).required).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: "I don't have Instagram" }));
    expect(getForm().getValues('noInstagram')).toBe(false);
    expect(isDisabled(instagram)).toBe(false);
  });

  it("clears and disables the TikTok field when 'I don't have TikTok' is ticked, leaving Instagram alone", async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<SocialMediaSection />, {
      values: { instagramProfile: 'instagram.com/lunar', tiktokProfile: 'tiktok.com/@lunar' },
    });

    await user.click(screen.getByRole('checkbox', { name: "I don't have TikTok" }));

    expect(getForm().getValues('tiktokProfile')).toBe('');
    expect(getForm().getValues('noTikTok')).toBe(true);
    expect(isDisabled(screen.getByRole('textbox', { name: /TikTok profile/ }))).toBe(true);
    expect(getForm().getValues('instagramProfile')).toBe('instagram.com/lunar');
  });

  it('writes what the artist types', async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<SocialMediaSection />);
    await user.type(screen.getByRole('textbox', { name: /TikTok profile/ }), 'tiktok.com/@nova');
    expect(getForm().getValues('tiktokProfile')).toBe('tiktok.com/@nova');
  });

  it("shows the wizard's messages under the profile fields", () => {
    renderInForm(<SocialMediaSection />, {
      values: { instagramProfile: 'lunar' },
      errors: [
        { field: 'instagramProfile', message: 'Please include instagram.com/ in the URL' },
        { field: 'tiktokProfile', message: 'TikTok profile is required' },
      ],
    });
    const instagram = screen.getByRole('textbox', { name: /Instagram profile/ });
    expect(instagram.id).toBe('field-instagramProfile');
    expect(instagram.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(instagram)).toBe('Please include instagram.com/ in the URL');
    expect(describedText(screen.getByRole('textbox', { name: /TikTok profile/ }))).toBe(
      'TikTok profile is required',
    );
  });
});
