/**
 * City suggestions for the 16 countries most submissions come from, and a list of major world
 * cities for every other country (spec 001 §2, city picker). Free text is always allowed, so these
 * lists only speed typing up; they never limit what an artist can enter.
 */
export const CITIES_BY_COUNTRY: Readonly<Record<string, readonly string[]>> = {
  'United Kingdom': [
    'London',
    'Manchester',
    'Birmingham',
    'Glasgow',
    'Liverpool',
    'Bristol',
    'Leeds',
    'Edinburgh',
    'Sheffield',
    'Newcastle upon Tyne',
    'Nottingham',
    'Brighton',
    'Cardiff',
    'Belfast',
    'Leicester',
    'Southampton',
    'Oxford',
    'Cambridge',
  ],
  'United States': [
    'New York',
    'Los Angeles',
    'Chicago',
    'Houston',
    'Atlanta',
    'Nashville',
    'Miami',
    'Austin',
    'Seattle',
    'San Francisco',
    'Philadelphia',
    'Boston',
    'Detroit',
    'New Orleans',
    'Denver',
    'Portland',
    'Minneapolis',
    'Las Vegas',
  ],
  Ireland: ['Dublin', 'Cork', 'Galway', 'Limerick', 'Waterford', 'Kilkenny', 'Drogheda', 'Dundalk', 'Sligo'],
  France: [
    'Paris',
    'Marseille',
    'Lyon',
    'Toulouse',
    'Nice',
    'Nantes',
    'Strasbourg',
    'Montpellier',
    'Bordeaux',
    'Lille',
    'Rennes',
  ],
  Netherlands: [
    'Amsterdam',
    'Rotterdam',
    'The Hague',
    'Utrecht',
    'Eindhoven',
    'Groningen',
    'Tilburg',
    'Nijmegen',
    'Haarlem',
    'Arnhem',
  ],
  Germany: [
    'Berlin',
    'Hamburg',
    'Munich',
    'Cologne',
    'Frankfurt',
    'Stuttgart',
    'Düsseldorf',
    'Leipzig',
    'Dresden',
    'Hanover',
    'Nuremberg',
    'Bremen',
  ],
  Canada: [
    'Toronto',
    'Montreal',
    'Vancouver',
    'Calgary',
    'Edmonton',
    'Ottawa',
    'Winnipeg',
    'Quebec City',
    'Halifax',
    'Victoria',
  ],
  Australia: [
    'Sydney',
    'Melbourne',
    'Brisbane',
    'Perth',
    'Adelaide',
    'Gold Coast',
    'Canberra',
    'Hobart',
    'Newcastle',
    'Darwin',
  ],
  Spain: ['Madrid', 'Barcelona', 'Valencia', 'Seville', 'Bilbao', 'Málaga', 'Zaragoza', 'Granada', 'Palma'],
  Italy: ['Rome', 'Milan', 'Naples', 'Turin', 'Bologna', 'Florence', 'Palermo', 'Genoa', 'Venice', 'Verona'],
  Sweden: ['Stockholm', 'Gothenburg', 'Malmö', 'Uppsala', 'Västerås', 'Örebro', 'Linköping', 'Umeå'],
  Brazil: [
    'São Paulo',
    'Rio de Janeiro',
    'Belo Horizonte',
    'Salvador',
    'Brasília',
    'Recife',
    'Fortaleza',
    'Porto Alegre',
    'Curitiba',
  ],
  Japan: ['Tokyo', 'Osaka', 'Yokohama', 'Nagoya', 'Sapporo', 'Fukuoka', 'Kyoto', 'Kobe', 'Sendai'],
  Nigeria: ['Lagos', 'Abuja', 'Ibadan', 'Port Harcourt', 'Kano', 'Benin City', 'Enugu', 'Kaduna'],
  'South Africa': [
    'Johannesburg',
    'Cape Town',
    'Durban',
    'Pretoria',
    'Port Elizabeth',
    'Bloemfontein',
    'East London',
  ],
  India: ['Mumbai', 'Delhi', 'Bangalore', 'Chennai', 'Kolkata', 'Hyderabad', 'Pune', 'Ahmedabad', 'Goa'],
};

export const WORLD_CITIES: readonly string[] = [
  'London',
  'New York',
  'Los Angeles',
  'Paris',
  'Berlin',
  'Tokyo',
  'Seoul',
  'Mumbai',
  'Lagos',
  'São Paulo',
  'Mexico City',
  'Buenos Aires',
  'Toronto',
  'Sydney',
  'Dubai',
  'Istanbul',
  'Cairo',
  'Nairobi',
  'Johannesburg',
  'Singapore',
  'Hong Kong',
  'Bangkok',
  'Jakarta',
  'Shanghai',
  'Moscow',
  'Madrid',
  'Rome',
  'Amsterdam',
  'Stockholm',
  'Kingston',
];

export const NO_CITIES_FOUND = 'No cities found';
export const SELECT_COUNTRY_FIRST = 'Please select a country first';
export const CUSTOM_CITY_HINT = 'Type to enter a custom city';

export type CitySuggestions =
  | { kind: 'no-country'; message: typeof SELECT_COUNTRY_FIRST }
  | { kind: 'suggestions'; cities: string[]; emptyText: typeof NO_CITIES_FOUND };

export function listCitiesFor(country: string): readonly string[] {
  return CITIES_BY_COUNTRY[country] ?? WORLD_CITIES;
}

/** What the city picker offers for a country and what has been typed so far. */
export function suggestCities(country: string, query: string): CitySuggestions {
  if (country.trim() === '') return { kind: 'no-country', message: SELECT_COUNTRY_FIRST };
  const needle = query.trim().toLowerCase();
  const cities = listCitiesFor(country).filter((city) => city.toLowerCase().includes(needle));
  return { kind: 'suggestions', cities, emptyText: NO_CITIES_FOUND };
}
