import { describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import { dueReminders, minuteMayMatch, wallClock } from '../../ui/features/reminders/due-reminders';

const berlin = defaultReminderSettings('Europe/Berlin');
const titles = (at: string, settings = berlin) =>
  dueReminders(settings, new Date(at)).map((r) => r.title);

describe('which reminders ring, in the person’s own time zone', () => {
  it('rings Daily Question at 9:00 Berlin time, not at 9:00 UTC', () => {
    expect(titles('2026-11-23T08:00:30Z')).toEqual(['Daily Question']);
    expect(titles('2026-11-23T09:00:00Z')).toEqual([]);
  });

  it('rings Streak Protection only while today is unanswered, and Journal Reflection on Sundays', () => {
    const [streak] = dueReminders(berlin, new Date('2026-11-23T19:00:00Z'));
    expect(streak).toMatchObject({ title: 'Streak Protection', onlyIfUnanswered: true });
    expect(titles('2026-11-22T18:00:00Z')).toEqual(['Journal Reflection']); // a Sunday
    expect(titles('2026-11-23T18:00:00Z')).toEqual([]); // a Monday
  });

  it('keys a reminder by its local date, so it rings once a day', () => {
    const [first] = dueReminders(berlin, new Date('2026-11-23T08:00:00Z'));
    expect(first?.key).toBe('dailyQuestion:2026-11-23');
  });

  it('follows frequencies, switches and the master switch', () => {
    const custom = { id: 'c1', title: 'Stretch', enabled: true, time: '12:00', weekday: null };
    const weekends = { ...berlin, custom: [{ ...custom, frequency: 'weekends' as const }] };
    expect(titles('2026-11-22T11:00:00Z', weekends)).toEqual(['Stretch']); // Sunday
    expect(titles('2026-11-23T11:00:00Z', weekends)).toEqual([]); // Monday
    const weekdays = { ...berlin, custom: [{ ...custom, frequency: 'weekdays' as const }] };
    expect(titles('2026-11-23T11:00:00Z', weekdays)).toEqual(['Stretch']);
    const off = { ...berlin, dailyQuestion: { ...berlin.dailyQuestion, enabled: false } };
    expect(titles('2026-11-23T08:00:00Z', off)).toEqual([]);
    expect(titles('2026-11-23T08:00:00Z', { ...berlin, enabled: false })).toEqual([]);
  });

  it('rings exactly as a look at the zone’s clock each minute says, in zones a quarter or half hour off', () => {
    const times = ['00:00', '09:00', '09:07', '12:15', '18:30', '20:45', '23:59'];
    const custom = times.map((time, i) => ({
      id: `c${i}`,
      title: `At ${time}`,
      enabled: true,
      time,
      frequency: 'daily' as const,
      weekday: null,
    }));
    const zones = [
      'UTC',
      'Europe/Berlin',
      'Asia/Kathmandu',
      'Asia/Kolkata',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Pacific/Kiritimati',
    ];
    let rang = 0;
    for (const timeZone of zones) {
      const settings = { ...defaultReminderSettings(timeZone), custom };
      // Two days of minutes, across Lord Howe's half-hour daylight saving change (2026-10-04).
      for (let minute = 0; minute < 2 * 24 * 60; minute++) {
        const at = new Date(Date.UTC(2026, 9, 3, 12) + minute * 60_000);
        const clock = wallClock(at, timeZone).time;
        const expected = custom.filter((c) => c.time === clock).map((c) => c.title);
        const titles = dueReminders(settings, at)
          .map((r) => r.title)
          .filter((t) => t.startsWith('At '));
        expect(titles, `${timeZone} ${at.toISOString()}`).toEqual(expected);
        rang += titles.length;
      }
    }
    expect(rang).toBe(zones.length * times.length * 2);
  });

  it('does not look at the zone’s clock in the minutes no zone’s reminder can ring', () => {
    expect(minuteMayMatch('09:00', new Date('2026-11-23T08:00:10Z'))).toBe(true);
    expect(minuteMayMatch('09:00', new Date('2026-11-23T08:15:10Z'))).toBe(true); // Kathmandu
    expect(minuteMayMatch('09:00', new Date('2026-11-23T08:01:10Z'))).toBe(false);
    expect(minuteMayMatch('20:45', new Date('2026-11-23T08:00:10Z'))).toBe(true);
    expect(minuteMayMatch('20:46', new Date('2026-11-23T08:00:10Z'))).toBe(false);
  });
});
