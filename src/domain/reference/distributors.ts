/**
 * Current distributors an artist may be transferring from (spec 001 §3): sorted alphabetically
 * (case-insensitive), with 'Other / Not Listed' kept last so it is easy to find.
 */
export const OTHER_DISTRIBUTOR = 'Other / Not Listed';

const NAMED_DISTRIBUTORS = [
  'ADA',
  'Absolute Label Services',
  'Altafonte',
  'Amuse',
  'AWAL',
  'Believe',
  'CD Baby',
  'Cinq Music',
  'Create Music Group',
  'DashGo',
  'DistroKid',
  'Ditto Music',
  'EMPIRE',
  'EmuBands',
  'FreshTunes',
  'FUGA',
  'Gyrostream',
  'Horus Music',
  'iMusician',
  'INgrooves',
  'Kobalt',
  'LabelWorx',
  'LANDR',
  'Level',
  'Mondotunes',
  'ONErpm',
  'Recordjet',
  'Record Union',
  'Repost Network',
  'RouteNote',
  'SongCast',
  'SoundCloud',
  'SoundOn',
  'Soundrop',
  'Spinnup',
  'Stem',
  'Symphonic',
  'The Orchard',
  'Too Lost',
  'TuneCore',
  'UnitedMasters',
  'Virgin Music Group',
  'Vydia',
];

export const DISTRIBUTORS: readonly string[] = [
  ...[...NAMED_DISTRIBUTORS].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
  OTHER_DISTRIBUTOR,
];
