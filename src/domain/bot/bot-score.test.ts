import { describe, expect, it } from 'vitest';
import { type BotCheckInput, decideBotVerdict, scoreBotCheck } from './bot-score';

/** Nothing that scores: the start score and the timing alone. */
const bare: BotCheckInput = {
  startedAt: 0,
  submittedAt: 600_000,
  honeypot: {},
  artistName: '',
  releaseTitle: '',
  trackCount: 0,
  hasArtwork: false,
  firstName: '',
  surname: '',
  email: '',
};

const complete: BotCheckInput = {
  ...bare,
  artistName: 'Nova Lane',
  releaseTitle: 'First Light',
  trackCount: 2,
  hasArtwork: true,
  firstName: 'Ada',
  surname: 'Lane',
  email: 'ada@example.com',
};

const seconds = (s: number) => ({ startedAt: 1_000_000, submittedAt: 1_000_000 + s * 1000 });

describe('bot protection score', () => {
  it.each([
    ['no timing data (score set to 50)', { startedAt: null }, 50],
    ['2.9 s (too fast, -20)', seconds(2.9), 40],
    ['3 s (+15)', seconds(3), 75],
    ['120 s (+15)', seconds(120), 75],
    ['121 s (no change)', seconds(121), 60],
    ['30 min exactly (no change)', seconds(1800), 60],
    ['30 min 1 s (-10)', seconds(1801), 50],
  ])('time on form: %s', (_, timing, score) => {
    expect(scoreBotCheck({ ...bare, ...timing }).score).toBe(score);
  });

  it.each([
    ['artist name under 100 characters (+15)', { artistName: 'Nova Lane' }, 75],
    ['artist name of 100 characters (no bonus)', { artistName: 'N'.repeat(100) }, 60],
    ['artist name of 99 characters (+15)', { artistName: 'N'.repeat(99) }, 75],
    ['a 1-3 letter lower-case artist name (+15 -5)', { artistName: 'abc' }, 70],
    ['a single lower-case letter (+15 -5)', { artistName: 'x' }, 70],
    ['a 4-letter lower-case name (+15)', { artistName: 'abcd' }, 75],
    ['a capitalised short name (+15)', { artistName: 'Abc' }, 75],
    ['release title (+15)', { releaseTitle: 'Debut' }, 75],
    ['tracks (+20)', { trackCount: 1 }, 80],
    ['artwork (+10)', { hasArtwork: true }, 70],
    ['first name and surname (+10)', { firstName: 'Ada', surname: 'Lane' }, 70],
    ['only a first name (no bonus)', { firstName: 'Ada' }, 60],
    ['an e-mail containing @ (+5)', { email: 'a@b' }, 65],
    ['an e-mail without @ (no bonus)', { email: 'ab' }, 60],
  ])('content: %s', (_, change, score) => {
    expect(scoreBotCheck({ ...bare, ...change }).score).toBe(score);
  });

  it('clamps at 100 and at 0', () => {
    expect(scoreBotCheck({ ...complete, ...seconds(60) }).score).toBe(100);
    expect(scoreBotCheck({ ...bare, ...seconds(1), honeypot: { website: 'spam.example' } }).score).toBe(0);
  });

  it.each(['website', 'email_confirm'] as const)(
    'a filled honeypot %s costs 60 and fails the check',
    (field) => {
      const verdict = scoreBotCheck({ ...complete, ...seconds(60), honeypot: { [field]: 'x' } });
      expect(verdict).toEqual({ score: 90, valid: false, issues: ['honeypot'] });
    },
  );

  it('ignores a honeypot holding only spaces', () => {
    expect(scoreBotCheck({ ...bare, honeypot: { website: '  ' } }).issues).toEqual([]);
  });

  it('passes a fast but otherwise complete form, fails a fast empty one', () => {
    expect(scoreBotCheck({ ...complete, ...seconds(1) })).toEqual({
      score: 100,
      valid: true,
      issues: ['too-fast'],
    });
    expect(scoreBotCheck({ ...bare, ...seconds(1) })).toEqual({
      score: 40,
      valid: false,
      issues: ['too-fast'],
    });
  });
});

describe('bot protection verdict', () => {
  it.each([
    [29.99, [], false],
    [30, [], true],
    [49.99, ['too-fast'], false],
    [50, ['too-fast'], true],
    [100, ['honeypot'], false],
    [100, ['too-fast', 'honeypot'], false],
  ] as const)('score %d with issues %j is valid: %s', (score, issues, expected) => {
    expect(decideBotVerdict(score, issues)).toBe(expected);
  });
});
