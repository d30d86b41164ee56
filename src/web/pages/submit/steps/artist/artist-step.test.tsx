import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../../../test/render-form';
import { ArtistStep } from './artist-step';
import { describedText } from './test-helpers';

// Role queries over the whole step are slow in jsdom; labels and the fields' ids find the same inputs.
function input(path: string): HTMLInputElement {
  const element = document.getElementById(`field-${path}`);
  if (!(element instanceof HTMLInputElement)) throw new Error(`No input for ${path}`);
  return element;
}

describe('ArtistStep', { timeout: 15_000 }, () => {
  it("shows the spec's sections in order, each a region named by its heading", () => {
    renderInForm(<ArtistStep />);
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Basic Information',
      'Find your artist profile on Spotify',
      'Social Media Profiles',
      'Location',
    ]);
    for (const heading of headings) {
      expect(heading.closest('section')?.getAttribute('aria-labelledby')).toBe(heading.id);
    }
    expect(screen.queryByText('Next Step')).toBeNull();
  });

  it('binds the basic information to the form, with visible labels, required marks and autocompletion', () => {
    renderInForm(<ArtistStep />, {
      values: { firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com', artistName: 'Analytical' },
    });
    expect(screen.getByLabelText(/^First name/)).toBe(input('firstName'));
    expect(screen.getByLabelText(/^Email/)).toBe(input('email'));
    expect(screen.getByLabelText(/^Phone \(optional\)/)).toBe(input('phone'));
    expect(input('firstName').value).toBe('Ada');
    expect(input('surname').value).toBe('Lovelace');
    expect(input('artistName').value).toBe('Analytical');
    expect(input('email').value).toBe('ada@example.com');
    expect(input('email').type).toBe('email');
    expect(input('email').autocomplete).toBe('email');
    expect(input('firstName').autocomplete).toBe('given-name');
    for (const path of ['firstName', 'surname', 'email', 'artistName'])
      expect(input(path).required, path).toBe(true);
    expect(input('phone').required).toBe(false);
  });

  it("shows the wizard's problems under their fields, each field carrying its anchor", () => {
    renderInForm(<ArtistStep />, {
      errors: [
        { field: 'artistName', message: 'Artist name is required' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'city', message: 'City is required' },
      ],
    });
    expect(describedText(input('artistName'))).toBe('Artist name is required');
    expect(describedText(input('email'))).toBe('Please enter a valid email address');
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input('city'))).toBe('City is required');
    const paths = ['firstName', 'surname', 'email', 'artistName', 'phone'];
    for (const path of [...paths, 'instagramProfile', 'tiktokProfile', 'country', 'city']) {
      expect(document.querySelector(`[data-field="${path}"]`)?.contains(input(path)), path).toBe(true);
    }
  });
});
