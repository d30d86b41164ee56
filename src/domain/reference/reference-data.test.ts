import { describe, expect, it } from 'vitest';
import { CITIES_BY_COUNTRY, suggestCities, WORLD_CITIES } from './cities';
import { CONTRIBUTOR_ROLES } from './contributor-roles';
import { COUNTRIES, isKnownCountry, searchCountries } from './countries';
import { DISTRIBUTORS } from './distributors';
import { changePrimaryGenre, GENRE_TAXONOMY, isSubGenreOf, listSubGenres, PRIMARY_GENRES } from './genres';

describe('countries', () => {
  it('lists about 195 countries, each once', () => {
    expect(COUNTRIES).toHaveLength(195);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
  });

  it('puts the six priority countries first, then the rest alphabetically', () => {
    expect(COUNTRIES.slice(0, 6)).toEqual([
      'United Kingdom',
      'United States',
      'Ireland',
      'France',
      'Netherlands',
      'Germany',
    ]);
    const rest = COUNTRIES.slice(6);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });

  it('filters case-insensitively and keeps the order', () => {
    expect(searchCountries('united')).toEqual(['United Kingdom', 'United States', 'United Arab Emirates']);
    expect(searchCountries('zzz')).toEqual([]);
    expect(isKnownCountry('Nigeria')).toBe(true);
  });
});

describe('city suggestions', () => {
  it('has lists for 16 countries', () => {
    expect(Object.keys(CITIES_BY_COUNTRY)).toHaveLength(16);
    for (const country of Object.keys(CITIES_BY_COUNTRY)) expect(isKnownCountry(country)).toBe(true);
  });

  it.each([
    ['', 'Lon', { kind: 'no-country', message: 'Please select a country first' }],
    ['United Kingdom', 'man', { kind: 'suggestions', cities: ['Manchester'], emptyText: 'No cities found' }],
    ['Ireland', 'xyz', { kind: 'suggestions', cities: [], emptyText: 'No cities found' }],
  ])('country %j, typed %j', (country, query, expected) => {
    expect(suggestCities(country, query)).toEqual(expected);
  });

  it('falls back to major world cities for other countries', () => {
    const result = suggestCities('Jamaica', '');
    expect(result).toEqual({ kind: 'suggestions', cities: [...WORLD_CITIES], emptyText: 'No cities found' });
  });
});

describe('genre taxonomy', () => {
  it('has about 27 primary genres including every one the spec names', () => {
    expect(PRIMARY_GENRES).toHaveLength(27);
    const named =
      'Pop, Folk, Country, Jazz, R&B/Soul, Rock, African, Alternative, Arabic, Asian, Blues, Brazilian, Christian & Gospel, Classical, Easy Listening, Electronic, Hip-Hop/Rap, Indian, Latin, Metal, Reggae, Relaxation, Various, World Music';
    for (const genre of named.split(', ')) expect(PRIMARY_GENRES).toContain(genre);
  });

  it('ends every sub-genre list with "None of the above"', () => {
    for (const genre of PRIMARY_GENRES) {
      const subs = GENRE_TAXONOMY[genre];
      expect(subs.at(-1)).toBe('None of the above');
      expect(subs.length).toBeGreaterThan(1);
    }
  });

  it('knows which sub-genre belongs to which primary', () => {
    expect(isSubGenreOf('Pop', 'Indie Pop')).toBe(true);
    expect(isSubGenreOf('Rock', 'None of the above')).toBe(true);
    expect(isSubGenreOf('Rock', 'Indie Pop')).toBe(false);
    expect(listSubGenres('Polka-step')).toEqual([]);
  });

  it('clears the sub-genre when the primary genre changes', () => {
    expect(changePrimaryGenre({ primaryGenre: 'Pop', subGenre: 'K-Pop' }, 'Rock')).toEqual({
      primaryGenre: 'Rock',
      subGenre: '',
    });
    expect(changePrimaryGenre({ primaryGenre: 'Pop', subGenre: 'K-Pop' }, 'Pop').subGenre).toBe('K-Pop');
  });
});

describe('distributors', () => {
  it('lists about 44 distributors, sorted, with "Other / Not Listed" last', () => {
    expect(DISTRIBUTORS).toHaveLength(44);
    expect(DISTRIBUTORS.at(-1)).toBe('Other / Not Listed');
    const named = DISTRIBUTORS.slice(0, -1);
    expect(named).toEqual([...named].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(new Set(DISTRIBUTORS).size).toBe(DISTRIBUTORS.length);
  });
});

describe('contributor roles', () => {
  it('are exactly the spec’s list', () => {
    expect(CONTRIBUTOR_ROLES).toEqual([
      'Producer',
      'Vocals',
      'Mixing Engineer',
      'Mastering Engineer',
      'Guitar',
      'Bass',
      'Drums',
      'Keyboards',
      'Piano',
      'Saxophone',
      'Trumpet',
      'Violin',
      'Cello',
      'Songwriter',
      'Composer',
      'Arranger',
      'Backing Vocals',
      'Programming',
      'Sound Designer',
    ]);
  });
});
