/**
 * Current distributors an artist may be transferring from (spec 001 §3): sorted alphabetically
 * (case-insensitive), with 'Other / Not Listed' kept last so it is easy to find. Written in that
 * order rather than sorted when the module loads: `localeCompare` with a locale builds a collator
 * per comparison, ~25 ms of the submit page's load on a phone; a test keeps the order.
 */
export const OTHER_DISTRIBUTOR = 'Other / Not Listed';

const NAMED_DISTRIBUTORS = [
  'Absolute Label Services',
  'ADA',
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
  'Record Union',
  'Recordjet',
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

export const DISTRIBUTORS: readonly string[] = [...NAMED_DISTRIBUTORS, OTHER_DISTRIBUTOR];
