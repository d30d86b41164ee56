import { describe, expect, it } from 'vitest';
import { createMasterSplit, detachSplitsFromContributor, validateMasterSplits } from './master-splits';

describe('createMasterSplit', () => {
  it('starts a new split with what is left of 100%', () => {
    expect(createMasterSplit('s1', [])).toEqual({ id: 's1', percentage: 100 });
    expect(createMasterSplit('s2', [{ percentage: 33.3 }, { percentage: 33.3 }])).toEqual({
      id: 's2',
      percentage: 33.4,
    });
  });

  it('starts at 0 when nothing is left, which the percentage rule then reports', () => {
    const split = createMasterSplit('s3', [{ percentage: 60 }, { percentage: 40 }]);
    expect(split).toEqual({ id: 's3', percentage: 0 });
    expect(validateMasterSplits({ title: 'Song', hasMasterSplit: true, masterSplits: [split] }, 'm')).toEqual(
      [
        { field: 'm.0.firstName', message: 'Split #1 missing first name' },
        { field: 'm.0.lastName', message: 'Split #1 missing last name' },
        { field: 'm.0.email', message: 'Split #1 missing email' },
        { field: 'm.0.percentage', message: 'Split #1 has invalid percentage' },
      ],
    );
    expect(createMasterSplit('s4', [{ percentage: 99.95 }]).percentage).toBe(0);
  });
});

describe('detachSplitsFromContributor', () => {
  const sam = { id: 'c1', firstName: 'Sam', surname: 'Reed', email: 'sam@example.com' };

  it('keeps the share of a removed contributor under their name and e-mail', () => {
    const splits = [
      { id: 's1', contributorId: 'c1', percentage: 50 },
      { id: 's2', contributorId: 'c2', percentage: 25 },
      { id: 's3', firstName: 'Kim', lastName: 'Lee', email: 'kim@example.com', percentage: 25 },
    ];
    expect(detachSplitsFromContributor(splits, sam)).toEqual([
      { id: 's1', firstName: 'Sam', lastName: 'Reed', email: 'sam@example.com', percentage: 50 },
      splits[1],
      splits[2],
    ]);
  });

  it('leaves the e-mail for the artist to fill when the contributor gave none', () => {
    const [split] = detachSplitsFromContributor([{ id: 's1', contributorId: 'c1', percentage: 100 }], {
      ...sam,
      email: undefined,
    });
    expect(split).toEqual({ id: 's1', firstName: 'Sam', lastName: 'Reed', percentage: 100 });
    expect(
      validateMasterSplits({ title: 'Song', hasMasterSplit: true, masterSplits: split ? [split] : [] }, 'm'),
    ).toEqual([{ field: 'm.0.email', message: 'Split #1 missing email' }]);
  });
});
