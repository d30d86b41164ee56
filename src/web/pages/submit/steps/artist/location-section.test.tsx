import { screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../../../test/render-form';
import { LocationSection } from './location-section';
import { describedText, inputValue, isDisabled, optionNamed, optionNames } from './test-helpers';

// The country list holds about 195 options: pointer-event checks and role queries over all of
// them make jsdom slow, so the inputs are looked up once and options by their text.
function setup(options: Parameters<typeof renderInForm>[1] = {}) {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const rendered = renderInForm(<LocationSection />, options);
  const country = screen.getByRole('combobox', { name: 'Country' });
  const city = screen.getByRole('combobox', { name: 'City' });
  return { user, country, city, ...rendered };
}

describe('LocationSection', { timeout: 20_000 }, () => {
  it('offers the priority countries first and filters as the artist types', async () => {
    const { user, country } = setup();

    await user.click(country);
    expect(optionNames().slice(0, 6)).toEqual([
      'United Kingdom',
      'United States',
      'Ireland',
      'France',
      'Netherlands',
      'Germany',
    ]);

    // Pasted rather than typed: each keystroke re-renders the long list, which jsdom does slowly.
    await user.paste('land');
    expect(optionNames()).toContain('Ireland');
    expect(optionNames()).toContain('Netherlands');
    expect(optionNames()).not.toContain('France');

    await user.clear(country);
    await user.paste('Xyz');
    expect(screen.getByText('No countries found')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('writes the picked country and clears the city of the previous one', async () => {
    const { user, country, city, getForm } = setup({ values: { country: 'France', city: 'Paris' } });
    expect(inputValue(country)).toBe('France');
    expect(inputValue(city)).toBe('Paris');

    await user.clear(country);
    await user.type(country, 'Germ', { skipClick: true });
    await user.click(optionNamed('Germany'));

    expect(getForm().getValues('country')).toBe('Germany');
    expect(getForm().getValues('city')).toBe('');
    expect(inputValue(city)).toBe('');
  });

  it('is used by keyboard: the first match is highlighted, Enter picks it, Escape closes the list', async () => {
    const { user, country, getForm } = setup();

    country.focus();
    await user.keyboard('{ArrowDown}');
    expect(country.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(country.getAttribute('aria-expanded')).toBe('false');

    await user.type(country, 'Irel', { skipClick: true });
    expect(country.getAttribute('aria-activedescendant')).toBe(optionNamed('Ireland').id);
    await user.keyboard('{Enter}');
    expect(getForm().getValues('country')).toBe('Ireland');
    expect(inputValue(country)).toBe('Ireland');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps the city disabled until a country is chosen', async () => {
    const { user, country, city } = setup();
    expect(isDisabled(city)).toBe(true);
    expect(describedText(city)).toBe('Please select a country first');

    country.focus();
    await user.type(country, 'Irel', { skipClick: true });
    await user.click(optionNamed('Ireland'));

    expect(isDisabled(city)).toBe(false);
    expect(describedText(city)).toBe('Type to enter a custom city');
  });

  it("suggests the country's cities and writes the one picked", async () => {
    const { user, city, getForm } = setup({ values: { country: 'France', city: '' } });

    await user.type(city, 'ly');
    expect(optionNames()).toEqual(['Lyon']);
    await user.click(optionNamed('Lyon'));

    expect(getForm().getValues('city')).toBe('Lyon');
    expect(inputValue(city)).toBe('Lyon');
  });

  it('keeps a typed city that is not in the list without it being picked', async () => {
    const { user, city, getForm } = setup({ values: { country: 'France', city: '' } });

    await user.type(city, 'Saint-Malo-sur-Mer');
    expect(getForm().getValues('city')).toBe('Saint-Malo-sur-Mer');
    expect(describedText(city)).toMatch(/^No cities found/);

    await user.tab();
    expect(getForm().getValues('city')).toBe('Saint-Malo-sur-Mer');
    expect(inputValue(city)).toBe('Saint-Malo-sur-Mer');
  });

  it("shows the wizard's messages under the country and city, linked to the inputs", () => {
    const { country, city } = setup({
      values: { country: 'France', city: '' },
      errors: [
        { field: 'city', message: 'City is required' },
        { field: 'country', message: 'Country is required' },
      ],
    });
    expect(city.id).toBe('field-city');
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(city)).toBe('City is required');
    expect(country.id).toBe('field-country');
    expect(describedText(country)).toBe('Country is required');
    expect(document.querySelector('[data-field="city"]')?.contains(city)).toBe(true);
    expect(document.querySelector('[data-field="country"]')?.contains(country)).toBe(true);
  });
});
