import { describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import { dueReminders } from '../../ui/features/reminders/due-reminders';

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
});
