import { dismissBetaNotice, expect, expectNoProblems, test } from '../fixtures';

test.describe('shared layout', () => {
  test('home renders the top bar, the Submit button, the footer links and the copyright', async ({
    page,
    problems,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /home$/i }).first()).toHaveAttribute('href', '/');
    const mainNav = header.getByRole('navigation', { name: 'Main' });
    await expect(mainNav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(mainNav.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/learn-more');
    await expect(mainNav.getByRole('link', { name: 'About' })).toHaveAttribute('href', /^\/about-.+-$/);
    await expect(header.getByRole('link', { name: 'Submit', exact: true })).toHaveAttribute(
      'href',
      '/submit',
    );

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/faq');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await expect(footer).toContainText(new RegExp(`© ${new Date().getFullYear()} \\S`));

    await expect(page.getByRole('main')).toBeVisible();
    expectNoProblems(problems);
  });

  test('the logo and the top bar links navigate, and every page sets its title', async ({
    page,
    problems,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/\S/);
    const header = page.getByRole('banner');

    await header.getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL(/\/learn-more$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
    await expect(page).toHaveTitle(/^Learn More \| /);

    await header.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About /);

    await header.getByRole('link', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/submit$/);
    await dismissBetaNotice(page);

    await header.getByRole('link', { name: /home$/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
    expectNoProblems(problems);
  });

  test('the first Tab reaches the skip link, which moves to the main content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('navigating scrolls back to the top', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'FAQs' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footer.getByRole('link', { name: 'FAQs' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test('the links collapse into a menu that works with the keyboard', async ({ page, problems }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Learn More' })).toBeHidden();
      await expect(header.getByRole('link', { name: 'Submit', exact: true })).toBeVisible();

      const menuButton = page.getByRole('button', { name: 'Open menu' });
      await menuButton.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('link', { name: 'Learn More' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(menuButton).toBeFocused();

      await menuButton.click();
      await page.getByRole('dialog').getByRole('link', { name: 'Learn More' }).click();
      await expect(page).toHaveURL(/\/learn-more$/);
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
      expectNoProblems(problems);
    });
  });
});
