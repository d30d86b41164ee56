import { expect, type Page } from '@playwright/test';

/**
 * Chooses `option` in the MUI Select labelled `label`. Waits until any menu has left the page
 * (a closing menu is aria-hidden but still catches clicks), and clicks again when a click landed
 * during the menu's opening transition and selected nothing (seen under CI load: the menu stayed
 * open with its value unset).
 */
export async function pickOption(page: Page, label: string, option: string) {
  const menus = page.locator('[role="listbox"]');
  await expect(menus).toHaveCount(0);
  const select = page.getByRole('combobox', { name: label });
  await expect(async () => {
    if ((await menus.count()) === 0) await select.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect(menus).toHaveCount(0, { timeout: 2_000 });
  }).toPass();
  await expect(select).toHaveText(option);
}
