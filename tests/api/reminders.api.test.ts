import ICAL from 'ical.js';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ now: new Date('2026-11-22T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

const berlin = defaultReminderSettings('Europe/Berlin');
const saved = {
  ...berlin,
  dailyQuestion: { ...berlin.dailyQuestion, time: '07:30', frequency: 'weekdays' },
  custom: [
    { title: 'Call grandma', enabled: true, time: '18:15', frequency: 'weekly', weekday: 'friday' },
  ],
};

const read = (deviceId: string, position?: string) => {
  const req = request(t.app).get('/api/user/reminders').set('X-Device-ID', deviceId);
  return position ? req.set('X-Min-Position', position) : req;
};
const save = (deviceId: string, body: unknown) =>
  request(t.app)
    .put('/api/user/reminders')
    .set('X-Device-ID', deviceId)
    .send(body as object);
const newFeed = async (deviceId: string) => {
  const res = await request(t.app)
    .post('/api/user/reminders/calendar-token')
    .set('X-Device-ID', deviceId);
  expect(res.status).toBe(201);
  await t.settled();
  return res.body.path as string;
};

describe('reminder settings', () => {
  it('starts with the three reminders on at the spec’s times', async () => {
    const ann = await t.register();
    const res = await read(ann.deviceId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      enabled: true,
      dailyQuestion: { enabled: true, time: '09:00', frequency: 'daily' },
      streakProtection: { enabled: true, time: '20:00', frequency: 'daily' },
      journalReflection: { enabled: true, time: '19:00', frequency: 'weekly', weekday: 'sunday' },
      custom: [],
      calendarFeed: { active: false, issuedAt: null },
    });
  });

  it('saves them as an event and reads them back, with an id for a new custom reminder', async () => {
    const ann = await t.register();
    const put = await save(ann.deviceId, saved);
    expect(put.status).toBe(200);
    expect(put.body.dailyQuestion).toEqual({
      enabled: true,
      time: '07:30',
      frequency: 'weekdays',
      weekday: null,
    });
    const [custom] = put.body.custom;
    expect(custom).toMatchObject({ title: 'Call grandma', weekday: 'friday' });
    expect(custom.id).toEqual(expect.any(String));

    const back = await read(ann.deviceId, put.body.position);
    expect(back.body).toMatchObject({ timeZone: 'Europe/Berlin', custom: [custom] });
    const events = (await t.allEvents()).filter((e) => e.type === 'ReminderSettingsChanged');
    expect(events).toHaveLength(1);

    // The same settings again change nothing.
    const again = await save(ann.deviceId, { ...saved, custom: [custom] });
    expect(again.body.position).toBeNull();
  });

  it('keeps one person’s reminders from another', async () => {
    const ann = await t.register();
    const bob = await t.register();
    const put = await save(ann.deviceId, saved);
    const bobs = await read(bob.deviceId, put.body.position);
    expect(bobs.body.dailyQuestion.time).toBe('09:00');
    expect(bobs.body.custom).toEqual([]);
  });

  it('refuses a bad body naming the field, and appends nothing', async () => {
    const ann = await t.register();
    const bad: [unknown, string][] = [
      [{ ...saved, timeZone: 'Mars/Olympus' }, 'timeZone'],
      [
        { ...saved, dailyQuestion: { ...saved.dailyQuestion, time: '24:00' } },
        'dailyQuestion.time',
      ],
      [{ ...saved, dailyQuestion: { ...saved.dailyQuestion, time: '9:00' } }, 'dailyQuestion.time'],
      [
        { ...saved, streakProtection: { ...berlin.streakProtection, frequency: 'hourly' } },
        'streakProtection.frequency',
      ],
      [
        { ...saved, journalReflection: { ...berlin.journalReflection, weekday: null } },
        'journalReflection.weekday',
      ],
      [{ ...saved, custom: [{ ...saved.custom[0], title: 'x'.repeat(61) }] }, 'custom.0.title'],
      [{ ...saved, custom: [{ ...saved.custom[0], title: '   ' }] }, 'custom.0.title'],
      // One free-text rule: a title is one line, like every other title.
      [
        { ...saved, custom: [{ ...saved.custom[0], title: 'Call\r\nBEGIN:VEVENT' }] },
        'custom.0.title',
      ],
      [{ ...saved, custom: [{ ...saved.custom[0], title: 'Call\ngrandma' }] }, 'custom.0.title'],
      [{ ...saved, custom: [{ ...saved.custom[0], title: 'Call\rgrandma' }] }, 'custom.0.title'],
      [{ ...saved, custom: [{ ...saved.custom[0], title: 'Call\tgrandma' }] }, 'custom.0.title'],
      [
        { ...saved, custom: [{ ...saved.custom[0], title: 'Call \u0007grandma' }] },
        'custom.0.title',
      ],
      [
        { ...saved, custom: [{ ...saved.custom[0], title: 'Call \u0085grandma' }] },
        'custom.0.title',
      ],
      [
        { ...saved, custom: [{ ...saved.custom[0], title: 'Call \ud800grandma' }] },
        'custom.0.title',
      ],
      [{ ...saved, custom: [{ ...saved.custom[0], title: '\u200b\u200d' }] }, 'custom.0.title'],
      [{ ...saved, custom: Array.from({ length: 11 }, () => saved.custom[0]) }, 'custom'],
      [
        {
          ...saved,
          custom: [
            { ...saved.custom[0], id: 'a' },
            { ...saved.custom[0], id: 'a' },
          ],
        },
        'custom',
      ],
      [{ ...saved, admin: true }, 'admin'],
      [{ ...saved, enabled: 'yes' }, 'enabled'],
    ];
    for (const [body, field] of bad) {
      await expectRefusedWithoutEvents(t, () => save(ann.deviceId, body), 400, field);
    }
  });

  it('stores a title as every free text is stored: NFC, trimmed', async () => {
    const ann = await t.register();
    const put = await save(ann.deviceId, {
      ...saved,
      custom: [{ ...saved.custom[0], title: '  Cafe\u0301 with Ann ' }],
    });
    expect(put.status).toBe(200);
    expect(put.body.custom[0].title).toBe('Café with Ann');
  });

  it('takes back what it answered with one field changed (read-only fields ignored)', async () => {
    const ann = await t.register();
    await save(ann.deviceId, saved);
    await newFeed(ann.deviceId);
    const got = await read(ann.deviceId);
    expect(got.body.calendarFeed.active).toBe(true);
    const changed = { ...got.body, dailyQuestion: { ...got.body.dailyQuestion, time: '06:45' } };
    const put = await save(ann.deviceId, changed);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.dailyQuestion.time).toBe('06:45');
    // The feed is the link's business, not the body's: still live.
    expect(put.body.calendarFeed.active).toBe(true);
    // The answer to a PUT goes back just as well.
    const again = await save(ann.deviceId, { ...put.body, enabled: false });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.enabled).toBe(false);
  });

  it('refuses a device that has not registered, and appends nothing', async () => {
    await expectRefusedWithoutEvents(t, () => save(newDeviceId(), saved), 403);
  });
});

/**
 * The feed as a calendar client reads it (ical.js, Mozilla's parser): every zone a time names
 * is defined in the feed itself (RFC 5545 3.6.5), and each event's first start as an instant.
 */
const parseFeed = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const defined = calendar
    .getAllSubcomponents('vtimezone')
    .map((zone) => zone.getFirstPropertyValue('tzid'));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const named = ['dtstart', 'dtend'].flatMap((name) => {
      const tzid = vevent.getFirstProperty(name)?.getParameter('tzid');
      return typeof tzid === 'string' ? [tzid] : [];
    });
    const event = new ICAL.Event(vevent);
    return {
      summary: event.summary,
      named,
      start: event.startDate.toJSDate().toISOString(),
      rule: vevent.getFirstPropertyValue('rrule')?.toString() ?? null,
    };
  });
  return { defined, events };
};

describe('the calendar feed', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin', '2026-11-23T06:30:00.000Z'],
    ['America/New_York', 'America/New_York', '2026-11-23T12:30:00.000Z'],
    // Other spellings Intl accepts are written under the database's own name.
    ['US/Eastern', 'America/New_York', '2026-11-23T12:30:00.000Z'],
    ['america/new_york', 'America/New_York', '2026-11-23T12:30:00.000Z'],
    ['Asia/Kolkata', 'Asia/Kolkata', '2026-11-23T02:00:00.000Z'],
  ])(
    'defines the zone %s it names (as %s), so clients place the events right',
    async (timeZone, tzid, firstDailyQuestion) => {
      const ann = await t.register();
      const put = await save(ann.deviceId, { ...saved, timeZone });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const path = await newFeed(ann.deviceId);
      const { defined, events } = parseFeed((await request(t.app).get(path)).text);
      expect(events).toHaveLength(4);
      for (const event of events) {
        expect(event.named).toEqual([tzid, tzid]);
        expect(defined).toContain(event.named[0]);
      }
      expect(defined).toEqual([tzid]);
      const daily = events.find((e) => e.summary === 'Daily Question');
      expect(daily).toMatchObject({
        start: firstDailyQuestion,
        rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      });
      expect(events.find((e) => e.summary === 'Call grandma')?.rule).toBe('FREQ=WEEKLY;BYDAY=FR');
    },
  );

  it('serves the person’s reminders as iCalendar with recurrence rules', async () => {
    const ann = await t.register();
    await save(ann.deviceId, saved);
    const path = await newFeed(ann.deviceId);
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await request(t.app).get(path);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = feed.text;
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(ics).toContain('SUMMARY:Daily Question');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20261123T073000');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(ics).toContain('RRULE:FREQ=DAILY');
    expect(ics).toContain('SUMMARY:Journal Reflection');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20261122T190000');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=SU');
    expect(ics).toContain('SUMMARY:Call grandma');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=FR');
    expect(ics).toContain('BEGIN:VALARM');
  });

  it('leaves out reminders that are off, and everything when reminders are off', async () => {
    const ann = await t.register();
    const path = await newFeed(ann.deviceId);
    await save(ann.deviceId, {
      ...saved,
      streakProtection: { ...berlin.streakProtection, enabled: false },
    });
    await t.settled();
    const some = (await request(t.app).get(path)).text;
    expect(some).not.toContain('Streak Protection');
    expect(some.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    await save(ann.deviceId, { ...saved, enabled: false });
    await t.settled();
    expect((await request(t.app).get(path)).text).not.toContain('BEGIN:VEVENT');
  });

  it('ends the old link when it is revoked or replaced', async () => {
    const ann = await t.register();
    const first = await newFeed(ann.deviceId);
    const second = await newFeed(ann.deviceId);
    expect(second).not.toBe(first);
    expect((await request(t.app).get(first)).status).toBe(404);
    expect((await request(t.app).get(second)).status).toBe(200);
    expect((await read(ann.deviceId)).body.calendarFeed.active).toBe(true);

    const revoked = await request(t.app)
      .delete('/api/user/reminders/calendar-token')
      .set('X-Device-ID', ann.deviceId);
    expect(revoked.status).toBe(200);
    await t.settled();
    expect((await request(t.app).get(second)).status).toBe(404);
    expect((await read(ann.deviceId)).body.calendarFeed.active).toBe(false);
  });

  it('gives a stranger with the link only the reminders, never who they belong to', async () => {
    const ann = await t.register();
    await save(ann.deviceId, saved);
    const path = await newFeed(ann.deviceId);
    const [registered] = (await t.allEvents()).filter((e) => e.type === 'DeviceRegistered');
    const userId = (registered!.data as { userId: string }).userId;
    const feed = await request(t.app).get(path).set('X-Device-ID', newDeviceId());
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('Call grandma');
    for (const secret of [ann.pseudonym, ann.deviceId, userId]) {
      expect(feed.text).not.toContain(secret);
    }
  });

  it('answers 404 for a made-up or malformed token', async () => {
    const made = 'A'.repeat(43);
    expect((await request(t.app).get(`/api/calendar/${made}.ics`)).status).toBe(404);
    expect((await request(t.app).get('/api/calendar/short.ics')).status).toBe(404);
    expect((await request(t.app).get('/api/calendar/%00.ics')).status).toBe(404);
  });

  it('downloads the caller’s own reminders as a one-off file', async () => {
    const ann = await t.register();
    await save(ann.deviceId, saved);
    await t.settled();
    const res = await request(t.app)
      .get('/api/user/reminders.ics')
      .set('X-Device-ID', ann.deviceId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.text).toContain('SUMMARY:Call grandma');
  });
});
