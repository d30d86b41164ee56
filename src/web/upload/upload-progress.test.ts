import { describe, expect, it } from 'vitest';
import { createProgressReporter, type UploadProgress } from './upload-progress';

function reporterWithClock() {
  const events: UploadProgress[] = [];
  let time = 0;
  const reporter = createProgressReporter(
    (event) => events.push(event),
    () => time,
  );
  return {
    events,
    reporter,
    at(ms: number) {
      time = ms;
    },
  };
}

describe('upload progress', () => {
  it('fills 0-90 with bytes, then 95 while processing and 100 when done', () => {
    const { events, reporter } = reporterWithClock();
    reporter.begin('direct', 1000);
    reporter.bytes(500);
    reporter.bytes(1000);
    reporter.processing();
    reporter.done();
    expect(events.map(({ phase, percent }) => [phase, percent])).toEqual([
      ['uploading', 0],
      ['uploading', 45],
      ['uploading', 90],
      ['processing', 95],
      ['done', 100],
    ]);
    expect(events.at(-1)).toMatchObject({ bytesSent: 1000, bytesTotal: 1000, method: 'direct' });
  });

  it('estimates the time left from the rate measured since the first bytes', () => {
    const { events, reporter, at } = reporterWithClock();
    at(1_000);
    reporter.begin('standard', 100 * 1024 * 1024);
    reporter.bytes(1024 * 1024);
    expect(events.at(-1)?.timeRemainingText).toBe('Calculating...');
    // 1 MiB per second from here: 98 MiB left after 2 s is about 1 minute 38 seconds.
    at(2_000);
    reporter.bytes(2 * 1024 * 1024);
    expect(events.at(-1)?.timeRemainingText).toBe('About 1 minute');
    at(41_000);
    reporter.bytes(41 * 1024 * 1024);
    expect(events.at(-1)?.timeRemainingText).toBe('Less than 1 minute');
  });

  it('does not take a resumed upload’s first offset for speed', () => {
    const { events, reporter, at } = reporterWithClock();
    at(0);
    reporter.begin('resumable', 100);
    reporter.bytes(60); // the server already had 60 %
    at(60_000);
    reporter.bytes(70); // 10 % a minute: 30 % left is three minutes
    expect(events.at(-1)).toMatchObject({ percent: 63, timeRemainingText: 'About 3 minutes' });
  });

  it('never moves back within an attempt, and starts again from 0 for a fallback', () => {
    const { events, reporter } = reporterWithClock();
    reporter.begin('resumable', 100);
    reporter.bytes(50);
    reporter.bytes(30); // tus rewound to the last acknowledged byte
    expect(events.at(-1)?.percent).toBe(45);
    reporter.begin('standard', 100);
    expect(events.at(-1)).toMatchObject({ method: 'standard', phase: 'uploading', percent: 0, bytesSent: 0 });
  });

  it('reports only when something shown changes', () => {
    const { events, reporter } = reporterWithClock();
    reporter.begin('standard', 10_000_000);
    for (let sent = 0; sent <= 10_000_000; sent += 1000) reporter.bytes(sent);
    expect(events.length).toBeLessThanOrEqual(92);
    expect(events.at(-1)?.percent).toBe(90);
  });

  it('copes with an empty file', () => {
    const { events, reporter } = reporterWithClock();
    reporter.begin('standard', 0);
    reporter.bytes(0);
    reporter.processing();
    reporter.done();
    expect(events.map(({ phase, percent }) => [phase, percent])).toEqual([
      ['uploading', 0],
      ['uploading', 0], // nothing left to wait for: 'Less than 1 minute' instead of 'Calculating...'
      ['processing', 95],
      ['done', 100],
    ]);
  });
});
