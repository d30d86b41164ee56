/**
 * The genre taxonomy (spec 001 §3): 27 primary genres, each with sub-genres. The spec names 24;
 * Children's Music, Dance and Soundtrack complete the "about 27" with genres the stores use.
 * Every sub-genre list ends with 'None of the above', added in one place below so none can miss it.
 */
export const NONE_OF_THE_ABOVE = 'None of the above';

const SUB_GENRES = {
  Pop: [
    'Adult Contemporary',
    'Dance Pop',
    'Electropop',
    'Indie Pop',
    'K-Pop',
    'Pop Rock',
    'Synth-pop',
    'Teen Pop',
  ],
  Folk: [
    'Americana',
    'Contemporary Folk',
    'Folk Rock',
    'Indie Folk',
    'Singer-Songwriter',
    'Traditional Folk',
  ],
  Country: [
    'Alt-Country',
    'Bluegrass',
    'Contemporary Country',
    'Country Pop',
    'Honky Tonk',
    'Outlaw Country',
  ],
  Jazz: ['Bebop', 'Big Band', 'Contemporary Jazz', 'Fusion', 'Latin Jazz', 'Smooth Jazz', 'Vocal Jazz'],
  'R&B/Soul': ['Contemporary R&B', 'Funk', 'Motown', 'Neo-Soul', 'Quiet Storm', 'Soul'],
  Rock: [
    'Classic Rock',
    'Garage Rock',
    'Hard Rock',
    'Indie Rock',
    'Post-Rock',
    'Prog Rock',
    'Psychedelic Rock',
  ],
  African: ['Afrobeat', 'Afrobeats', 'Afro House', 'Amapiano', 'Gqom', 'Highlife', 'Kwaito', 'Soukous'],
  Alternative: ['Emo', 'Grunge', 'Indie', 'New Wave', 'Post-Punk', 'Punk', 'Shoegaze'],
  Arabic: ['Arabic Pop', 'Khaleeji', 'Mahraganat', 'Rai', 'Tarab'],
  Asian: ['C-Pop', 'Cantopop', 'J-Pop', 'J-Rock', 'K-Pop', 'Mandopop', 'Thai Pop'],
  Blues: ['Chicago Blues', 'Delta Blues', 'Electric Blues', 'Blues Rock', 'Soul Blues'],
  Brazilian: ['Axé', 'Baile Funk', 'Bossa Nova', 'MPB', 'Pagode', 'Samba', 'Sertanejo'],
  "Children's Music": ['Lullabies', 'Educational', 'Sing-Along', 'Stories'],
  'Christian & Gospel': [
    'Christian Pop',
    'Christian Rock',
    'Contemporary Gospel',
    'Praise & Worship',
    'Traditional Gospel',
  ],
  Classical: [
    'Baroque',
    'Chamber Music',
    'Choral',
    'Contemporary Classical',
    'Minimalism',
    'Opera',
    'Orchestral',
  ],
  Dance: ['Disco', 'Electro House', 'Eurodance', 'Nu-Disco', 'Progressive House'],
  'Easy Listening': ['Bossa Nova Lounge', 'Crooners', 'Lounge', 'Exotica', 'Instrumental Pop'],
  Electronic: ['Ambient', 'Drum & Bass', 'Dubstep', 'House', 'IDM', 'Techno', 'Trance', 'UK Garage'],
  'Hip-Hop/Rap': ['Alternative Hip-Hop', 'Boom Bap', 'Drill', 'Grime', 'Lo-fi Hip-Hop', 'Trap', 'UK Rap'],
  Indian: ['Bollywood', 'Carnatic', 'Devotional', 'Hindustani', 'Indian Pop', 'Punjabi', 'Sufi'],
  Latin: ['Bachata', 'Cumbia', 'Latin Pop', 'Merengue', 'Regional Mexican', 'Reggaeton', 'Salsa'],
  Metal: ['Black Metal', 'Death Metal', 'Doom Metal', 'Heavy Metal', 'Metalcore', 'Nu Metal', 'Thrash Metal'],
  Reggae: ['Dancehall', 'Dub', 'Lovers Rock', 'Roots Reggae', 'Ska'],
  Relaxation: ['Meditation', 'Nature Sounds', 'Sleep', 'Spa', 'Yoga'],
  Soundtrack: ['Film Score', 'Musical Theatre', 'Television', 'Video Game'],
  Various: ['Comedy', 'Holiday', 'Spoken Word', 'Fitness & Workout'],
  'World Music': ['Celtic', 'Flamenco', 'Fado', 'Klezmer', 'Polka', 'Tango'],
} as const satisfies Record<string, readonly string[]>;

export type PrimaryGenre = keyof typeof SUB_GENRES;

export const PRIMARY_GENRES = Object.keys(SUB_GENRES) as PrimaryGenre[];

function addNoneOfTheAbove(): Record<PrimaryGenre, readonly string[]> {
  const taxonomy = {} as Record<PrimaryGenre, readonly string[]>;
  for (const genre of PRIMARY_GENRES) taxonomy[genre] = [...SUB_GENRES[genre], NONE_OF_THE_ABOVE];
  return taxonomy;
}

export const GENRE_TAXONOMY: Readonly<Record<PrimaryGenre, readonly string[]>> = addNoneOfTheAbove();

export function isPrimaryGenre(value: string): value is PrimaryGenre {
  return Object.hasOwn(SUB_GENRES, value);
}

/** Sub-genres offered for a primary genre; empty for an unknown one. */
export function listSubGenres(primaryGenre: string): readonly string[] {
  return isPrimaryGenre(primaryGenre) ? GENRE_TAXONOMY[primaryGenre] : [];
}

export function isSubGenreOf(primaryGenre: string, subGenre: string): boolean {
  return listSubGenres(primaryGenre).includes(subGenre);
}

/** Sub-genres depend on the primary genre, so changing it clears the sub-genre (spec 001 §3). */
export function changePrimaryGenre<F extends { primaryGenre: string; subGenre: string }>(
  form: F,
  primaryGenre: string,
): F {
  return form.primaryGenre === primaryGenre ? form : { ...form, primaryGenre, subGenre: '' };
}
