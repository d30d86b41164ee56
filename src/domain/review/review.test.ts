import { describe, expect, it } from 'vitest';
import { RELEASE_DATE_REQUIRED, RELEASE_DATE_TOO_SOON, TRACK_TITLES_REQUIRED } from '../music/messages';
import { ISRC_INVALID } from '../release/release-details';
import { changeRequestPayloadSchema } from '../schemas/review';
import {
  DECISION_PLACEHOLDERS,
  decisionTemplateCreateSchema,
  fillDecisionTemplate,
  findUnknownPlaceholders,
  getDecisionOfStatus,
} from './decision-templates';
import { isSameValue, resubmissionPayloadSchema, validateFieldValue } from './field-values';
import { checkFlags, describeField, fieldKey, flaggedFieldSchema, targetOf } from './flagged-fields';
import {
  CATALOGUE_ITEM_NOT_IN_SUBMISSION,
  FLAG_AT_LEAST_ONE,
  FLAG_NOTE_REQUIRED,
  formatFlaggedTwice,
  formatUnknownPlaceholder,
  NOTHING_TO_FLAG_IN_TRANSFER,
  TRACK_NOT_IN_SUBMISSION,
  UNKNOWN_FLAGGED_FIELD,
} from './messages';

const submission = {
  uploadType: 'both',
  tracks: [
    { id: 't1', title: 'Tide' },
    { id: 't2', title: 'Harbour Lights' },
  ],
  catalogueItems: [{ id: 'c1', title: 'Old Harbour' }],
};

describe('flagged fields', () => {
  it('name each field of a submission once, and in words', () => {
    expect(fieldKey({ field: 'artwork' })).toBe('artwork');
    expect(fieldKey({ field: 'trackIsrc', trackId: 't2' })).toBe('trackIsrc:t2');
    expect(fieldKey({ field: 'catalogueItem', catalogueItemId: 'c1' })).toBe('catalogueItem:c1');
    expect(describeField({ field: 'artwork' })).toBe('The artwork');
    expect(describeField({ field: 'releaseDate' })).toBe('The release date');
    expect(
      describeField(
        { field: 'trackSplits', trackId: 't2' },
        { trackNumber: 2, trackTitle: 'Harbour Lights' },
      ),
    ).toBe('The master splits of track 2 "Harbour Lights"');
    expect(describeField({ field: 'trackAudio', trackId: 'x' })).toBe('The audio of a track');
    expect(
      describeField({ field: 'catalogueItem', catalogueItemId: 'c1' }, { catalogueTitle: 'Old Harbour' }),
    ).toBe('The catalogue item "Old Harbour"');
    expect(targetOf({ field: 'trackTitle', trackId: 't1' })).toEqual({ field: 'trackTitle', trackId: 't1' });
    expect(targetOf({ field: 'releaseDate', trackId: 't1' })).toEqual({ field: 'releaseDate' });
  });

  it('are a discriminated union: each kind with its target and a note', () => {
    expect(flaggedFieldSchema.safeParse({ field: 'trackTitle', trackId: 't1', note: ' Typo ' }).data).toEqual(
      {
        field: 'trackTitle',
        trackId: 't1',
        note: 'Typo',
      },
    );
    const issues = (value: unknown) =>
      changeRequestPayloadSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(issues({ fields: [] })).toEqual([FLAG_AT_LEAST_ONE]);
    expect(issues({ fields: [{ field: 'lyrics', note: 'x' }] })).toEqual([UNKNOWN_FLAGGED_FIELD]);
    expect(issues({ fields: [{ field: 'artwork', note: ' ' }] })).toEqual([FLAG_NOTE_REQUIRED]);
    expect(issues({ fields: [{ field: 'trackIsrc', note: 'x' }] })).toEqual([TRACK_NOT_IN_SUBMISSION]);
  });

  it('are checked against the submission: its own tracks and items, each field once', () => {
    expect(
      checkFlags(
        [
          { field: 'artwork', note: 'a' },
          { field: 'trackTitle', trackId: 't1', note: 'b' },
          { field: 'trackTitle', trackId: 't9', note: 'c' },
          { field: 'catalogueItem', catalogueItemId: 'c9', note: 'd' },
          { field: 'trackTitle', trackId: 't1', note: 'e' },
        ],
        submission,
      ),
    ).toEqual([
      { field: 'fields.2', message: TRACK_NOT_IN_SUBMISSION },
      { field: 'fields.3', message: CATALOGUE_ITEM_NOT_IN_SUBMISSION },
      { field: 'fields.4', message: formatFlaggedTwice('The title of track 1 "Tide"') },
    ]);
    expect(checkFlags([{ field: 'artwork', note: 'a' }], { ...submission, uploadType: 'transfer' })).toEqual([
      { field: 'fields.0', message: NOTHING_TO_FLAG_IN_TRANSFER },
    ]);
  });
});

describe('new values', () => {
  const today = '2030-01-01';
  it('keep the form’s rules, in its messages', () => {
    expect(
      validateFieldValue({ field: 'trackTitle', trackId: 't1', title: ' ' }, 'changes.0', {}, today),
    ).toEqual([{ field: 'changes.0.title', message: TRACK_TITLES_REQUIRED }]);
    expect(validateFieldValue({ field: 'trackIsrc', trackId: 't1', isrc: 'GB-1' }, 'c', {}, today)).toEqual([
      { field: 'c.isrc', message: ISRC_INVALID },
    ]);
    expect(validateFieldValue({ field: 'trackIsrc', trackId: 't1', isrc: '' }, 'c', {}, today)).toEqual([]);
    expect(validateFieldValue({ field: 'releaseDate', releaseDate: 'soon' }, 'c', {}, today)).toEqual([
      { field: 'c.releaseDate', message: RELEASE_DATE_REQUIRED },
    ]);
    expect(validateFieldValue({ field: 'releaseDate', releaseDate: '2030-01-10' }, 'c', {}, today)).toEqual([
      { field: 'c.releaseDate', message: RELEASE_DATE_TOO_SOON },
    ]);
    expect(
      validateFieldValue(
        { field: 'releaseDate', releaseDate: '2030-01-10' },
        'c',
        { earlyReleaseRequest: true },
        today,
      ),
    ).toEqual([]);
    expect(
      validateFieldValue(
        {
          field: 'trackContributors',
          trackId: 't1',
          soloWork: false,
          featuredArtists: [],
          nonFeaturedArtists: [],
          producers: [],
        },
        'c',
        { trackNumber: 1, trackTitle: 'Tide' },
        today,
      ).map((error) => error.field),
    ).toEqual(['c']);
  });

  it('are sent one per marked field, at least one', () => {
    expect(resubmissionPayloadSchema.safeParse({ changes: [] }).success).toBe(false);
    expect(
      resubmissionPayloadSchema.safeParse({ changes: [{ field: 'artwork', fileId: 'f1' }], comment: 'Done' })
        .success,
    ).toBe(true);
  });

  it('compare files by content and splits without their ids', () => {
    const file = (fileId: string, sha256: string) => ({ fileId, fileName: 'a.jpg', size: 1, sha256 });
    expect(isSameValue(file('a', 'x'), file('b', 'x'))).toBe(true);
    expect(isSameValue(file('a', 'x'), file('a', 'y'))).toBe(false);
    expect(isSameValue(null, file('a', 'x'))).toBe(false);
    const splits = (id: string) => ({
      hasMasterSplit: true,
      masterSplits: [{ id, firstName: 'Ana', percentage: 100 }],
    });
    expect(isSameValue(splits('stored-uuid'), splits('form-id'))).toBe(true);
    expect(isSameValue('Tide', 'Tide ')).toBe(false);
  });
});

describe('decision templates', () => {
  it('fill their placeholders, spaced or not, and name the unknown ones', () => {
    const values = { artistName: 'Maya', releaseTitle: 'Tide', labelName: 'Imprint' };
    expect(
      fillDecisionTemplate('Hi {{artistName}}, "{{ releaseTitle }}" — {{labelName}} {{other}}', values),
    ).toBe('Hi Maya, "Tide" — Imprint {{other}}');
    expect(findUnknownPlaceholders('{{artistName}} {{first}} {{first}} {{x_y}}')).toEqual(['first', 'x_y']);
    const parsed = decisionTemplateCreateSchema.safeParse({
      kind: 'decline',
      name: 'No',
      body: 'Hi {{first}}',
    });
    expect(parsed.error?.issues[0]?.message).toBe(formatUnknownPlaceholder('first', DECISION_PLACEHOLDERS));
  });

  it('belong to the statuses that are decisions', () => {
    expect(getDecisionOfStatus('approved')).toBe('approve');
    expect(getDecisionOfStatus('rejected')).toBe('decline');
    expect(getDecisionOfStatus('changes_requested')).toBe('request_changes');
    expect(getDecisionOfStatus('in_progress')).toBeNull();
  });
});
