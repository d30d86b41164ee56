/**
 * The offline demo catalogue (design.md §1): fictional artists, releases and tracks used when no
 * Spotify credentials are configured, so the demo and the tests work without the network. Ids have
 * the shape of Spotify ids (22 base62 characters); ISRCs use the unassigned test prefix QZIMP.
 */
export interface OfflineTrack {
  id: string;
  name: string;
  durationMs: number;
  isrc: string;
}

export interface OfflineAlbum {
  id: string;
  name: string;
  releaseDate: string;
  /** Missing on purpose for some releases, as Spotify leaves it out too. */
  label?: string;
  upc: string;
  copyright: string;
  tracks: OfflineTrack[];
}

export interface OfflineArtist {
  id: string;
  name: string;
  genre: string;
  /** Colour of the generated cover art (no image leaves the machine). */
  hue: number;
  albums: OfflineAlbum[];
}

export const OFFLINE_ARTISTS: readonly OfflineArtist[] = [
  {
    id: 'k9zUbLbeMlMeFMWqFaGme8',
    name: 'Marlowe Vance',
    genre: 'Indie Folk',
    hue: 200,
    albums: [
      {
        id: 'QDascJR6r9cXRhcDDgLNgP',
        name: 'Lanterns Over Tidewater',
        releaseDate: '2023-04-14',
        label: 'Harbour Lights Records',
        upc: '197000000001',
        copyright: '2023 Harbour Lights Records',
        tracks: [
          { id: '4b9N7RNglbQB20fWuY7jGn', name: 'Tidewater', durationMs: 214037, isrc: 'QZIMP2300001' },
          { id: '8jhpNjOe4ZQXbeUjMGCzux', name: 'Paper Boats', durationMs: 187074, isrc: 'QZIMP2300002' },
          {
            id: '5SeDLasxw91Q8aBVlVrbWR',
            name: 'Salt in the Seams',
            durationMs: 241111,
            isrc: 'QZIMP2300003',
          },
        ],
      },
    ],
  },
  {
    id: 'cxvRSRzdydllTrdyDyMDtA',
    name: 'The Velvet Orchards',
    genre: 'Dream Pop',
    hue: 330,
    albums: [
      {
        id: 'eexegZcuV10mBUBK88ATpg',
        name: 'Slow Bloom',
        releaseDate: '2022-09-30',
        label: 'Orchard Hall',
        upc: '197000000008',
        copyright: '2022 Orchard Hall',
        tracks: [
          { id: 'kZqwQjcDVUDKNp3NsMtoEw', name: 'Slow Bloom', durationMs: 256148, isrc: 'QZIMP2200004' },
          { id: 'dZHNjU8pxgd3JFricNAidh', name: 'Glasshouse', durationMs: 229185, isrc: 'QZIMP2200005' },
        ],
      },
    ],
  },
  {
    id: 'rtMG3PH5QA1mLGyQMYUr6s',
    name: 'Kaia Northwind',
    genre: 'Electronic',
    hue: 160,
    albums: [
      {
        id: 'EBcTYXVytN0GqpEyYijF7g',
        name: 'Polar Drift',
        releaseDate: '2024-01-19',
        label: 'Northwind Audio',
        upc: '197000000015',
        copyright: '2024 Northwind Audio',
        tracks: [
          { id: 'FF0DyEEub1k4yAcmt6oIj2', name: 'Aurora Line', durationMs: 301222, isrc: 'QZIMP2400006' },
          { id: 'wj6IS8hSGqbM6LeUJrXRD5', name: 'Cold Start', durationMs: 244259, isrc: 'QZIMP2400007' },
          { id: 'fXt2ezG3AFYiaOfSWFUHrc', name: 'Drift', durationMs: 278296, isrc: 'QZIMP2400008' },
        ],
      },
    ],
  },
  {
    id: 'LdIU7fk9tO2KZvzin2z7iA',
    name: 'Desmond Ashgrove',
    genre: 'Soul',
    hue: 25,
    albums: [
      {
        id: 'mCy4xBsbnlSdbBoYydUkXH',
        name: 'Sunday Static',
        releaseDate: '2021-11-05',
        upc: '197000000022',
        copyright: '2021 Desmond Ashgrove',
        tracks: [
          { id: 'kzDOrYQwdvULIXsiHtyH7b', name: 'Sunday Static', durationMs: 199333, isrc: 'QZIMP2100009' },
          { id: 't4IGOmMcZmjuRKsurgCGAY', name: 'Hold the Line', durationMs: 233370, isrc: 'QZIMP2100010' },
        ],
      },
    ],
  },
  {
    id: 'tVaTtey8tG4v3vITuiLK9p',
    name: 'Neon Harbor',
    genre: 'Synthwave',
    hue: 280,
    albums: [
      {
        id: '2RudTDO1ceFLHHAWZ5aEOj',
        name: 'Night Shift City',
        releaseDate: '2023-07-21',
        label: 'Neon Harbor Music',
        upc: '197000000029',
        copyright: '2023 Neon Harbor Music',
        tracks: [
          { id: '2ibXJL4WdzIMWrmEmzNSb0', name: 'Night Shift', durationMs: 263407, isrc: 'QZIMP2300011' },
          {
            id: '2PMzO09CkeVSdcfA9fkgMl',
            name: 'Pacific Coast Lights',
            durationMs: 247444,
            isrc: 'QZIMP2300012',
          },
        ],
      },
    ],
  },
  {
    id: 'cHVVxWkXCNUtUCnFZPEV9t',
    name: 'Juniper & The Low Tide',
    genre: 'Americana',
    hue: 120,
    albums: [
      {
        id: 't6f8Hth2CYoxVGcligGOuB',
        name: 'Dust and Rivers',
        releaseDate: '2020-06-12',
        label: 'Low Tide Records',
        upc: '197000000036',
        copyright: '2020 Low Tide Records',
        tracks: [
          { id: 'jpwm6esxn8k9ogIw0zkpWX', name: 'Dust and Rivers', durationMs: 222481, isrc: 'QZIMP2000013' },
          { id: 'PvpJF1hJcqgzX6mhK0MCct', name: 'Ferry Song', durationMs: 205518, isrc: 'QZIMP2000014' },
        ],
      },
    ],
  },
  {
    id: 'ULr8iDLWWRzez2wfP83i90',
    name: 'Selin Arcadia',
    genre: 'Pop',
    hue: 300,
    albums: [
      {
        id: 'bOoQF7Yjs68gV9gCZA4EyS',
        name: 'Mirror Season',
        releaseDate: '2024-05-03',
        label: 'Arcadia Sound',
        upc: '197000000043',
        copyright: '2024 Arcadia Sound',
        tracks: [
          { id: 'Qr1CIgpkiXuzzQTG2COu1F', name: 'Mirror Season', durationMs: 191555, isrc: 'QZIMP2400015' },
          { id: 'g5ipAXflr4zmYdxmh1z9ch', name: 'Honey Static', durationMs: 178592, isrc: 'QZIMP2400016' },
          { id: 'upaG6Q6AqA0YIJwsd7NA2H', name: 'Late Bloomer', durationMs: 203629, isrc: 'QZIMP2400017' },
        ],
      },
    ],
  },
  {
    id: 'jstJCezNJ6xKg6tnYfCzcS',
    name: 'Obsidian Parade',
    genre: 'Alternative Rock',
    hue: 0,
    albums: [
      {
        id: 'wPUMBVNYJj2hRWYirGEKZE',
        name: 'Fault Lines',
        releaseDate: '2022-03-25',
        label: 'Parade Ground Records',
        upc: '197000000050',
        copyright: '2022 Parade Ground Records',
        tracks: [
          { id: 'vj8LXkG8uT7zTqUqIeUhBf', name: 'Fault Lines', durationMs: 236666, isrc: 'QZIMP2200018' },
          { id: 'kLEmd8XLD0L9p0KSIm9AuF', name: 'Copper Wire', durationMs: 219703, isrc: 'QZIMP2200019' },
        ],
      },
    ],
  },
  {
    id: 'r9FmIFJWDbOIe3lFsAEKAm',
    name: 'Luca Brightwater',
    genre: 'Jazz',
    hue: 45,
    albums: [
      {
        id: 'mOjVxNKQrbug6BLqL8SYIW',
        name: 'Blue Hour Sessions',
        releaseDate: '2021-02-26',
        upc: '197000000057',
        copyright: '2021 Luca Brightwater',
        tracks: [
          { id: 'dgmSMJ8mOSJpVUZR0hWemk', name: 'Blue Hour', durationMs: 342740, isrc: 'QZIMP2100020' },
          {
            id: 'WLoYMnwX7SkhwwXbuPrslI',
            name: 'Brightwater Waltz',
            durationMs: 288777,
            isrc: 'QZIMP2100021',
          },
        ],
      },
    ],
  },
  {
    id: 'un3DRwM0BGPTD6zn2TnGJJ',
    name: 'Halcyon Static',
    genre: 'Shoegaze',
    hue: 190,
    albums: [
      {
        id: 'KXdpdzxAEIjhjTzmmULaYs',
        name: 'Overcast Radio',
        releaseDate: '2023-10-13',
        label: 'Static Bloom',
        upc: '197000000064',
        copyright: '2023 Static Bloom',
        tracks: [
          { id: 'iMsuffmTIijMz1MbIuGqa9', name: 'Overcast Radio', durationMs: 274814, isrc: 'QZIMP2300022' },
          { id: 'FgCLB3MMGd3m04hh8ztNtO', name: 'Weather Report', durationMs: 251851, isrc: 'QZIMP2300023' },
        ],
      },
    ],
  },
  {
    id: 'zj9HqCkAhO8HlgUYIaOdgk',
    name: 'Amara Quinn',
    genre: 'R&B',
    hue: 345,
    albums: [
      {
        id: 'B9W3eAWTNj00o9GNWc9TYD',
        name: 'Velvet Hours',
        releaseDate: '2024-08-23',
        label: 'Quinn House',
        upc: '197000000071',
        copyright: '2024 Quinn House',
        tracks: [
          { id: 'C07XCVbWPQdpgd3aDmhOed', name: 'Velvet Hours', durationMs: 207888, isrc: 'QZIMP2400024' },
          { id: '1auCnTcsrN4n5g8kuwXM6h', name: 'Golden Mile', durationMs: 196925, isrc: 'QZIMP2400025' },
        ],
      },
    ],
  },
  {
    id: 'GPbSSNQ41VRkBgzUlp29QR',
    name: 'The Copperfield Sound',
    genre: 'Indie Rock',
    hue: 95,
    albums: [
      {
        id: 'mNxwPaxej2GTykLqXHJUpb',
        name: 'Summer in Reverse',
        releaseDate: '2019-08-09',
        label: 'Copperfield Records',
        upc: '197000000078',
        copyright: '2019 Copperfield Records',
        tracks: [
          {
            id: 'zekSbO2cFdfBPgMpAZMdGa',
            name: 'Summer in Reverse',
            durationMs: 213962,
            isrc: 'QZIMP1900026',
          },
          {
            id: 'zQQcvhaidtAg5Fc7YZN8Wc',
            name: 'Fireworks on Elm Street',
            durationMs: 227999,
            isrc: 'QZIMP1900027',
          },
          { id: '2hHBeXcP9qxRME3OhmhQND', name: 'Last Train Home', durationMs: 245036, isrc: 'QZIMP1900028' },
        ],
      },
    ],
  },
];
