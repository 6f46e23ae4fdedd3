import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ now: new Date('2026-11-22T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

const SECRET = 'I told nobody about the letter from my sister.';

const write = (deviceId: string, body: object) =>
  request(t.app).post('/api/journal').set('X-Device-ID', deviceId).send(body);

const listOf = (deviceId: string, position?: string, query = '') => {
  const req = request(t.app).get(`/api/journal${query}`).set('X-Device-ID', deviceId);
  return position ? req.set('X-Min-Position', position) : req;
};

describe('the private journal', () => {
  it('writes an entry with a custom mood and tags, lists it, edits it and deletes it', async () => {
    const ann = await t.register();
    const written = await write(ann.deviceId, {
      title: 'Sunday',
      content: SECRET,
      mood: 'quietly hopeful',
      tags: ['family', ' family ', 'letters'],
      entryType: 'free_write',
      isPrivate: true,
    });
    expect(written.status).toBe(201);
    expect(written.body.entry).toMatchObject({
      title: 'Sunday',
      content: SECRET,
      mood: 'quietly hopeful',
      tags: ['family', 'letters'],
      entryType: 'free_write',
      isPrivate: true,
    });
    const id = written.body.entry.id as string;

    const listed = await listOf(ann.deviceId, written.body.position);
    expect(listed.body.map((e: { id: string }) => e.id)).toEqual([id]);

    const edited = await request(t.app)
      .put(`/api/journal/${id}`)
      .set('X-Device-ID', ann.deviceId)
      .send({ title: null, content: 'Rewritten.', mood: 'Grateful', tags: [] });
    expect(edited.status).toBe(200);
    expect(edited.body.entry).toMatchObject({
      title: null,
      content: 'Rewritten.',
      mood: 'grateful',
    });

    const deleted = await request(t.app)
      .delete(`/api/journal/${id}`)
      .set('X-Device-ID', ann.deviceId);
    expect(deleted.status).toBe(200);
    expect((await listOf(ann.deviceId, deleted.body.position)).body).toEqual([]);
  });

  it('takes the owner from the caller, never from the body’s userId', async () => {
    const ann = await t.register();
    const bob = await t.register();
    const written = await write(bob.deviceId, { content: SECRET, userId: ann.deviceId });
    expect(written.status).toBe(201);
    expect((await listOf(ann.deviceId, written.body.position)).body).toEqual([]);
    expect((await listOf(bob.deviceId)).body).toHaveLength(1);
  });

  it('answers another person 404 for an entry id, and changes nothing', async () => {
    const ann = await t.register();
    const bob = await t.register();
    const written = await write(ann.deviceId, { content: SECRET });
    const id = written.body.entry.id as string;
    await t.settled();
    await expectRefusedWithoutEvents(
      t,
      () =>
        request(t.app)
          .put(`/api/journal/${id}`)
          .set('X-Device-ID', bob.deviceId)
          .send({ content: 'Mine now' }),
      404,
    );
    await expectRefusedWithoutEvents(
      t,
      () => request(t.app).delete(`/api/journal/${id}`).set('X-Device-ID', bob.deviceId),
      404,
    );
    const bobs = await listOf(bob.deviceId, written.body.position);
    expect(JSON.stringify(bobs.body)).not.toContain(SECRET);
    expect((await listOf(ann.deviceId)).body[0].content).toBe(SECRET);
  });

  it('keeps the journal text out of the log as stored: it is sealed with the owner’s key', async () => {
    const ann = await t.register();
    await write(ann.deviceId, { title: 'Private title', content: SECRET, tags: ['sister'] });
    const stored = JSON.stringify((await t.rawEvents()).map((e) => [e.type, e.data]));
    expect(stored).toContain('JournalEntryWritten');
    expect(stored).not.toContain('letter from my sister');
    expect(stored).not.toContain('Private title');
    expect(stored).not.toContain('sister"');
    const opened = (await t.allEvents()).find((e) => e.type === 'JournalEntryWritten');
    expect(opened!.data).toMatchObject({ content: SECRET });
  });

  it('searches the owner’s entries by words in the title, text, mood and tags', async () => {
    const ann = await t.register();
    await write(ann.deviceId, { content: 'A walk by the river.', tags: ['nature'] });
    const last = await write(ann.deviceId, { content: 'Work was loud today.', mood: 'conflicted' });
    const found = await listOf(ann.deviceId, last.body.position, '?q=RIVER');
    expect(found.body.map((e: { content: string }) => e.content)).toEqual(['A walk by the river.']);
    const byMood = await listOf(ann.deviceId, undefined, '?q=conflicted');
    expect(byMood.body).toHaveLength(1);
  });

  it('shows "On this day": entries of this day of the month in earlier months and years', async () => {
    const ann = await t.register();
    t.setNow(new Date('2025-11-22T15:00:00Z'));
    await write(ann.deviceId, { content: 'A year ago.' });
    t.setNow(new Date('2026-10-22T15:00:00Z'));
    await write(ann.deviceId, { content: 'A month ago.' });
    t.setNow(new Date('2026-11-21T15:00:00Z'));
    await write(ann.deviceId, { content: 'Yesterday.' });
    t.setNow(new Date('2026-11-22T15:00:00Z'));
    const today = await write(ann.deviceId, { content: 'Today.' });
    const res = await request(t.app)
      .get('/api/journal/on-this-day')
      .set('X-Device-ID', ann.deviceId)
      .set('X-Min-Position', today.body.position);
    expect(res.body.map((e: { content: string }) => e.content)).toEqual([
      'A month ago.',
      'A year ago.',
    ]);
  });

  it('refuses bad input with a problem naming the field, appending nothing', async () => {
    const ann = await t.register();
    const post = (body: unknown) => () =>
      request(t.app)
        .post('/api/journal')
        .set('X-Device-ID', ann.deviceId)
        .send(body as object);
    await expectRefusedWithoutEvents(t, post({ content: '   ' }), 400, 'content');
    await expectRefusedWithoutEvents(t, post({}), 400, 'content');
    await expectRefusedWithoutEvents(t, post({ content: 'x', mood: 'm'.repeat(51) }), 400, 'mood');
    await expectRefusedWithoutEvents(t, post({ content: 'x', tags: 'a,b' }), 400, 'tags');
    await expectRefusedWithoutEvents(t, post({ content: 'x', isPrivate: false }), 400, 'isPrivate');
    await expectRefusedWithoutEvents(
      t,
      post({ content: 'x', entryType: 'poem' }),
      400,
      'entryType',
    );
    await expectRefusedWithoutEvents(t, post({ content: 'x', extra: 1 }), 400);
    await expectRefusedWithoutEvents(
      t,
      () =>
        request(t.app)
          .get('/api/journal?q=' + 'x'.repeat(201))
          .set('X-Device-ID', ann.deviceId),
      400,
      'q',
    );
  });

  it('refuses an unregistered device to write, and shows it nothing', async () => {
    const stranger = newDeviceId();
    await expectRefusedWithoutEvents(t, () => write(stranger, { content: SECRET }), 403);
    expect((await listOf(stranger)).body).toEqual([]);
  });
});
