import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandLine, describeCommit, fenced, renderBenchResult, writeBenchResult } from './results';

describe('bench results', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('writes the knobs set for the run before the command, quoted where a shell needs it', () => {
    const env = { ROUNDS: '3', BENCH_SERVER_FLAGS: '', BENCH_PATHS: "standard, it's" };
    expect(
      commandLine('bench:upload', ['ROUNDS', 'BENCH_UPLOAD_MB', 'BENCH_SERVER_FLAGS', 'BENCH_PATHS'], env),
    ).toBe(`ROUNDS=3 BENCH_SERVER_FLAGS='' BENCH_PATHS='standard, it'\\''s' npm run bench:upload`);
    expect(commandLine('bench', [], env)).toBe('npm run bench');
  });

  it('names the commit, says when the work tree differed, and survives without git', () => {
    const git = (dirty: string) => (args: string[]) => (args[0] === 'rev-parse' ? 'cb8657f\n' : dirty);
    expect(describeCommit(git(''))).toBe('cb8657f');
    expect(describeCommit(git(' M src/server/app.ts\n'))).toBe('cb8657f + uncommitted changes');
    expect(
      describeCommit(() => {
        throw new Error('spawn git ENOENT');
      }),
    ).toBe('unknown (no git repository or no git)');
  });

  it('fences the printed lines with more backticks than any run inside them', () => {
    expect(fenced('a')).toBe('```\na\n```');
    expect(fenced('a ```` b')).toBe('`````\na ```` b\n`````');
  });

  it('puts the header above the printed lines, their blank ends and trailing spaces trimmed', () => {
    const header = {
      command: 'ROUNDS=2 npm run bench:delivery',
      date: '2026-11-28T03:00:00.000Z',
      machine: 'Some CPU, 2 cores, 7.8 GiB, linux 6.1.0',
      node: 'v24.21.0',
      commit: 'cb8657f',
    };
    expect(
      renderBenchResult('bench:delivery', 'the package', header, [
        '',
        'way    seconds   ',
        'ours   1.9\n',
        '',
      ]),
    ).toBe(
      [
        '# bench:delivery — the package',
        '',
        '- Command: `ROUNDS=2 npm run bench:delivery`',
        '- Date: 2026-11-28T03:00:00.000Z',
        '- Machine: Some CPU, 2 cores, 7.8 GiB, linux 6.1.0',
        '- Node: v24.21.0',
        '- Commit: cb8657f',
        '',
        '```',
        'way    seconds',
        'ours   1.9',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('writes nothing when BENCH_RESULTS=0', () => {
    vi.stubEnv('BENCH_RESULTS', '0');
    expect(writeBenchResult('never-written', ['x'])).toBeUndefined();
  });
});
