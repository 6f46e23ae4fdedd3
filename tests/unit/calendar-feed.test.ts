import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { ianaZoneDefinition, reminderCalendar } from '../../api/reminders/calendar-feed';
import { defaultReminderSettings } from '../../domain/contracts/reminders';

const now = new Date('2026-07-01T12:00:00Z');

describe('the calendar feed’s zones', () => {
  it('keeps summer time in the zone it defines (the definition, not the client, places it)', () => {
    const ics = reminderCalendar('p', defaultReminderSettings('America/New_York'), now);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const [daily] = calendar.getAllSubcomponents('vevent');
    // 09:00 EDT on 1 July is 13:00 UTC: the feed's own VTIMEZONE carries the daylight rule.
    expect(new ICAL.Event(daily!).startDate.toJSDate().toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
  });

  it('writes floating times, with no TZID to define, for a zone it has no definition of', () => {
    const ics = reminderCalendar('p', defaultReminderSettings('Europe/Berlin'), now, () => null);
    expect(ics).not.toContain('TZID');
    expect(ics).not.toContain('BEGIN:VTIMEZONE');
    expect(ics).toContain('DTSTART:20260701T090000\r\n');
  });

  it('knows every zone this runtime knows', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      expect(ianaZoneDefinition(zone), zone).not.toBeNull();
    }
  });
});
