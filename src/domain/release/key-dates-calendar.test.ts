import { describe, expect, it } from 'vitest';
import { planRelease } from './deadline-planner';
import { buildKeyDatesCalendar, getKeyDatesFileName } from './key-dates-calendar';

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('the key dates as a calendar', () => {
  const plan = planRelease(
    {
      releaseTitle: 'Tidewater, Vol. 1',
      releaseStrategy: 'singles_first',
      releaseDate: '2027-05-01',
      tracks: [
        {
          id: 't1',
          title: 'Low Tide',
          position: 0,
          releaseAsSingle: true,
          singleReleaseDate: '2027-03-12',
          singleOrder: 1,
        },
        {
          id: 't2',
          title: 'High Water',
          position: 1,
          releaseAsSingle: false,
          singleReleaseDate: null,
          singleOrder: null,
        },
      ],
      plannedOn: '2027-01-04',
    },
    { deliveryLeadDays: 28, pitchLeadDays: 7 },
  );
  const calendar = buildKeyDatesCalendar({
    submissionId: '0b6f5c1e-1111-4222-8333-944455556666',
    releaseTitle: 'Tidewater, Vol. 1',
    keyDates: plan.keyDates,
    labelName: 'Northside Records',
    pageUrl: 'https://imprint.example/submission/0b6f5c1e-1111-4222-8333-944455556666',
    uidDomain: 'imprint.example',
    reminderDaysBefore: 3,
    stamp: new Date('2026-11-26T05:00:00Z'),
  });
  const lines = unfold(calendar).split('\r\n');

  it('has one all-day event per key date, each with a stable UID from the submission and the date key', () => {
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(6);
    expect(lines).toContain('UID:0b6f5c1e-1111-4222-8333-944455556666-single-t1:delivery@imprint.example');
    expect(lines).toContain('UID:0b6f5c1e-1111-4222-8333-944455556666-release:release@imprint.example');
    expect(lines).toContain('DTSTART;VALUE=DATE:20270212');
    expect(lines).toContain('DTSTART;VALUE=DATE:20270501');
  });

  it('names each event and says what it means, in the artist words the page uses', () => {
    expect(lines).toContain('SUMMARY:Delivery deadline: Single 1: "Low Tide"');
    expect(lines).toContain('SUMMARY:Editorial pitch deadline: Tidewater\\, Vol. 1');
    expect(lines).toContain('SUMMARY:Release day: Tidewater\\, Vol. 1');
    const description = lines.find((line) => line.startsWith('DESCRIPTION:By this day'));
    expect(description).toContain('Northside Records then sends it to the stores');
    expect(description).toContain('\\n\\nAll the dates: https://imprint.example/submission/');
  });

  it('sets an alarm on the deadlines only, as many days ahead as the reminder mails', () => {
    expect(lines.filter((line) => line === 'TRIGGER:-P3D')).toHaveLength(4);
  });

  it('names the calendar after the release', () => {
    expect(lines).toContain('X-WR-CALNAME:Tidewater\\, Vol. 1: key dates');
  });
});

describe('the download file name', () => {
  it.each([
    ['Tidewater', 'tidewater-key-dates.ics'],
    ['Tidewater, Vol. 1', 'tidewater-vol-1-key-dates.ics'],
    ['Café Nocturne', 'cafe-nocturne-key-dates.ics'],
    ['../../etc/passwd', 'etc-passwd-key-dates.ics'],
    ['夜の海', 'release-key-dates.ics'],
    ['', 'release-key-dates.ics'],
    ['a'.repeat(100), `${'a'.repeat(60)}-key-dates.ics`],
  ])('%j → %s', (title, name) => {
    expect(getKeyDatesFileName(title)).toBe(name);
  });
});
