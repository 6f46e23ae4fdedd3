import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
let auth: string;
const signIn = async () => {
  const login = await request(t.app).post('/api/admin/login').send(testAdmin);
  auth = `Bearer ${login.body.token as string}`;
};
beforeEach(async () => {
  t = await startTestApp();
  await signIn();
});
afterEach(async () => {
  await t.close();
});

// The test app's product day is 2026-11-22.
const tomorrow = '2026-11-23';
const text = 'Should a city ever close a road to protect a quiet neighbourhood?';

const as = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
  const req = request(t.app)[method](path).set('Authorization', auth);
  return body ? req.send(body) : req;
};

const table = async () => {
  await t.settled();
  return (await as('get', '/api/questions')).body as {
    id: number;
    status: string;
    content: string;
    category: string;
    scheduledFor: string | null;
  }[];
};

const answerToday = async () => {
  const person = await t.register(newDeviceId());
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', person.deviceId)
    .send({ content: 'I think it depends on the neighbours.', questionId: q.id });
  expect(res.status).toBe(201);
  await t.settled();
};

describe('generating a question from the bank', () => {
  it('previews a bank question with its relevant event and reasoning, per focus', async () => {
    const res = await as('get', '/api/questions/preview-generated?type=philosophical');
    expect(res.status).toBe(200);
    expect(res.body.question).toMatchObject({
      bankId: expect.any(Number),
      category: 'Ethics & Morality',
      relevantEvent: 'Promises: On promising.',
      reasoning: expect.stringContaining('philosophical'),
    });
    const none = await as('get', '/api/questions/preview-generated?type=political');
    expect(none.body).toEqual({ question: null });
  });

  it('sets the previewed question as today’s, naming the admin', async () => {
    const preview = (await as('get', '/api/questions/preview-generated?type=auto')).body.question;
    const before = await t.todaysQuestion();
    const res = await as('post', '/api/questions/generate', {
      type: 'auto',
      bankId: preview.bankId,
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(preview.bankId);
    await t.settled();
    expect((await t.todaysQuestion()).id).toBe(preview.bankId);
    const set = (await t.allEvents()).filter((e) => e.type === 'QuestionOfTheDayActivated').at(-1)!;
    // Questions not asked yet come first, so the preview is never today's own.
    expect(set.data).toMatchObject({ by: 'admin', replaced: before.id, source: 'admin' });
  });

  it('answers “No preview question available” for a focus with none', async () => {
    await expectRefusedWithoutEvents(
      t,
      () => as('post', '/api/questions/generate', { type: 'auto', bankId: 9999 }),
      404,
    );
  });
});

describe('a custom question for today', () => {
  it('becomes today’s question, filed under General by default', async () => {
    const res = await as('post', '/api/questions/save-edited', { content: ` ${text} ` });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(10_001);
    await t.settled();
    expect(await t.todaysQuestion()).toMatchObject({
      id: 10_001,
      content: text,
      category: 'General',
    });
    expect((await table())[0]).toMatchObject({ id: 10_001, status: 'active' });
  });

  it('is refused once people have answered today’s question, offering tomorrow, and writes nothing', async () => {
    await answerToday();
    const res = await expectRefusedWithoutEvents(
      t,
      () => as('post', '/api/questions/save-edited', { content: text, category: 'Economy & Work' }),
      409,
    );
    expect(res.body.detail).toContain(`Schedule this question for tomorrow (${tomorrow}) instead`);
    const preview = (await as('get', '/api/questions/preview-generated')).body.question;
    await expectRefusedWithoutEvents(
      t,
      () => as('post', '/api/questions/generate', { type: 'auto', bankId: preview.bankId }),
      409,
    );
  });
});

describe('scheduled questions', () => {
  it('are scheduled from tomorrow on, edited, deleted, and listed with their status', async () => {
    const made = await as('post', '/api/questions/schedule', {
      content: text,
      category: 'Political & Governance',
      scheduledFor: tomorrow,
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const edited = await as('put', `/api/questions/${id}`, {
      content: `${text} Why or why not?`,
      scheduledFor: '2026-11-25',
    });
    expect(edited.status).toBe(200);
    const rows = await table();
    expect(rows[0]).toMatchObject({
      id,
      status: 'scheduled',
      scheduledFor: '2026-11-25',
      content: `${text} Why or why not?`,
      category: 'Political & Governance',
    });
    expect(rows.find((r) => r.status === 'active')).toBeDefined();
    expect((await as('delete', `/api/questions/${id}`)).status).toBe(200);
    expect((await table()).some((r) => r.id === id)).toBe(false);
  });

  it('pages the table: every planned question first, then the asked ones, newest day first', async () => {
    // Six product days asked (22nd to 27th of November, a question of its own each), then two
    // scheduled ahead.
    for (let day = 23; day <= 27; day++) {
      const made = await as('post', '/api/questions/schedule', {
        content: `${text} Day ${day}.`,
        category: 'General',
        scheduledFor: `2026-11-${day}`,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    for (let day = 23; day <= 27; day++) await t.newDay(new Date(Date.UTC(2026, 10, day, 15)));
    await signIn(); // days later: the session of the 22nd has expired
    for (const [scheduledFor, n] of [
      ['2026-11-30', 1],
      ['2026-11-29', 2],
    ] as const) {
      const made = await as('post', '/api/questions/schedule', {
        content: `${text} Planned ${n}.`,
        category: 'General',
        scheduledFor,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    await t.settled();

    type Row = { id: number; status: string; dateAdded: string; scheduledFor: string | null };
    const pages: Row[][] = [];
    const totals = new Set<string>();
    for (let path: string | null = '/api/questions?limit=2'; path !== null;) {
      const res = await as('get', path);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body as Row[]);
      totals.add(String(res.headers['x-total-count']));
      path = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    }
    const planned = pages[0]!.filter((r) => r.status === 'scheduled' || r.status === 'draft');
    expect(planned.map((r) => r.scheduledFor)).toEqual(['2026-11-29', '2026-11-30']);
    const asked = pages.flat().filter((r) => r.status === 'active' || r.status === 'archived');
    expect(asked.map((r) => r.dateAdded)).toEqual([
      '2026-11-27',
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
    ]);
    expect(asked[0]!.status).toBe('active');
    expect(pages.map((page) => page.length)).toEqual([4, 2, 2]);
    expect([...totals]).toEqual(['8']);
    const forged = await as('get', '/api/questions?cursor=bm90LWEtZGF5');
    expect(forged.status).toBe(400);
    expect(forged.body.detail ?? forged.body.title).toMatch(/cursor/);
  });

  it('become the question of their day, before the bank', async () => {
    const made = await as('post', '/api/questions/schedule', {
      content: text,
      category: 'Justice & Rights',
      scheduledFor: tomorrow,
    });
    await t.newDay(new Date('2026-11-23T12:00:00Z'));
    await signIn();
    await t.settled();
    expect(await t.todaysQuestion()).toMatchObject({ id: made.body.id, content: text });
    expect((await table()).find((r) => r.id === made.body.id)?.status).toBe('active');
    // Its day has come: it belongs to the archive now.
    await expectRefusedWithoutEvents(t, () => as('delete', `/api/questions/${made.body.id}`), 409);
    await expectRefusedWithoutEvents(
      t,
      () => as('put', `/api/questions/${made.body.id}`, { content: 'Something else entirely?' }),
      409,
    );
  });

  it('refuses bad inputs, naming the field, and writes nothing', async () => {
    const made = await as('post', '/api/questions/schedule', {
      content: text,
      category: 'Justice & Rights',
      scheduledFor: tomorrow,
    });
    const id = made.body.id as number;
    const cases: [() => request.Test, number, string?][] = [
      [
        () =>
          as('post', '/api/questions/schedule', {
            content: '   ',
            category: 'General',
            scheduledFor: tomorrow,
          }),
        400,
        'content',
      ],
      [
        () =>
          as('post', '/api/questions/schedule', {
            content: text,
            category: 'Gossip',
            scheduledFor: tomorrow,
          }),
        400,
        'category',
      ],
      [
        () => as('post', '/api/questions/schedule', { content: text, category: 'General' }),
        400,
        'scheduledFor',
      ],
      [
        () =>
          as('post', '/api/questions/schedule', {
            content: text,
            category: 'General',
            scheduledFor: '2026-11-22',
          }),
        400,
        'scheduledFor',
      ],
      [
        () =>
          as('post', '/api/questions/schedule', {
            content: text,
            category: 'General',
            scheduledFor: tomorrow,
          }),
        409,
        'scheduledFor',
      ],
      [
        () =>
          as('post', '/api/questions/schedule', {
            content: 42,
            category: 'General',
            scheduledFor: '2026-11-30',
          }),
        400,
        'content',
      ],
      [() => as('post', '/api/questions/save-edited', { content: '' }), 400, 'content'],
      [
        () => as('post', '/api/questions/save-edited', { content: text, category: 'Nope' }),
        400,
        'category',
      ],
      [() => as('post', '/api/questions/generate', { type: 'funny' }), 400, 'type'],
      [() => as('post', '/api/questions/generate', { type: 'auto', bankId: 'one' }), 400, 'bankId'],
      [() => as('get', '/api/questions/preview-generated?type=funny'), 400, 'type'],
      [() => as('put', `/api/questions/${id}`, {}), 400, 'content'],
      [() => as('put', `/api/questions/${id}`, { scheduledFor: 'soon' }), 400, 'scheduledFor'],
      [
        () => as('put', `/api/questions/${id}`, { scheduledFor: '2026-11-22' }),
        400,
        'scheduledFor',
      ],
      [() => as('put', '/api/questions/abc', { content: text }), 400, 'id'],
      [() => as('put', '/api/questions/99999', { content: text }), 404],
      [() => as('delete', '/api/questions/99999'), 404],
      [() => as('delete', '/api/questions/1'), 404],
    ];
    for (const [send, status, field] of cases) {
      await expectRefusedWithoutEvents(t, send, status, field);
    }
  });

  it('are for admins only: no token and a member’s token are refused', async () => {
    const member = await signUpVerified(t, 'ada@example.org');
    const routes: ['get' | 'post' | 'put' | 'delete', string, object?][] = [
      ['get', '/api/questions'],
      ['get', '/api/questions/preview-generated?type=auto'],
      ['post', '/api/questions/generate', { type: 'auto' }],
      ['post', '/api/questions/save-edited', { content: text }],
      [
        'post',
        '/api/questions/schedule',
        { content: text, category: 'General', scheduledFor: tomorrow },
      ],
      ['put', '/api/questions/10001', { content: text }],
      ['delete', '/api/questions/10001'],
    ];
    for (const [method, path, body] of routes) {
      for (const bearer of [undefined, `Bearer ${member.access_token}`]) {
        await expectRefusedWithoutEvents(
          t,
          () => {
            const req = request(t.app)[method](path);
            const authed = bearer ? req.set('Authorization', bearer) : req;
            return body ? authed.send(body) : authed;
          },
          401,
        );
      }
    }
  });
});

describe('the moderation history of questions', () => {
  it('lists each question action in order, with the admin and before → after', async () => {
    const today = await t.todaysQuestion();
    const custom = await as('post', '/api/questions/save-edited', {
      content: text,
      category: 'Economy & Work',
    });
    const planned = await as('post', '/api/questions/schedule', {
      content: text,
      category: 'General',
      scheduledFor: tomorrow,
    });
    const id = planned.body.id as number;
    await as('put', `/api/questions/${id}`, { category: 'Health & Wellbeing' });
    await as('delete', `/api/questions/${id}`);
    await t.settled();
    const audit = await as('get', '/api/admin/audit?admin=admin');
    const questionEntries = [...(audit.body as Record<string, unknown>[])]
      .reverse()
      .filter((e) => (e.action as string).startsWith('question.'))
      .map((e) => [e.admin, e.action, e.targetId, e.before, e.after]);
    expect(questionEntries).toEqual([
      [
        'admin',
        'question.drafted',
        String(custom.body.id),
        null,
        { content: text, category: 'Economy & Work', submissionId: null },
      ],
      [
        'admin',
        'question.set-today',
        String(custom.body.id),
        { questionId: today.id },
        { day: '2026-11-22', content: text, category: 'Economy & Work' },
      ],
      [
        'admin',
        'question.scheduled',
        String(id),
        null,
        { content: text, category: 'General', scheduledFor: tomorrow, submissionId: null },
      ],
      [
        'admin',
        'question.edited',
        String(id),
        { category: 'General' },
        { category: 'Health & Wellbeing' },
      ],
      ['admin', 'question.deleted', String(id), null, null],
    ]);
  });
});
