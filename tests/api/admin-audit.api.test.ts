import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moderationAuditProjection } from '../../projections/moderation-audit';
import { signUpVerified } from '../support/accounts';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const idea = 'Should cities ban cars from their centres on weekends?';

/** A scripted admin session: signs in, moderates an idea and a submission, signs out. */
const scriptedSession = async () => {
  const person = await t.register(newDeviceId(), 'Calm Owl');
  const send = (path: string, body: object) =>
    request(t.app).post(path).set('X-Device-ID', person.deviceId).send(body);
  const ideaId = (await send('/api/brainstorm', { content: idea })).body.id as string;
  const submissionId = (await send('/api/submissions', { content: idea })).body.id as string;

  t.setNow(new Date('2026-11-23T14:00:00Z'));
  const login = await request(t.app).post('/api/admin/login').send(testAdmin);
  const auth = `Bearer ${login.body.token as string}`;
  const as = (method: 'post' | 'patch' | 'put', path: string, body: object = {}) =>
    request(t.app)[method](path).set('Authorization', auth).send(body);
  await as('post', `/api/brainstorm/${ideaId}/vote`, { voteType: 'up' });
  await as('patch', `/api/brainstorm/${ideaId}`, { status: 'approved', reason: 'Timely' });
  await as('patch', `/api/brainstorm/${ideaId}`, { content: 'Should cities ban cars?' });
  await as('put', `/api/admin/submissions/${submissionId}`, {
    status: 'rejected',
    adminNotes: 'Duplicate',
  });
  const out = await as('post', '/api/admin/logout');
  expect(out.status).toBe(204);
  // A new session, to read the history with.
  const reader = await request(t.app).post('/api/admin/login').send(testAdmin);
  const events = await t.allEvents();
  await t.caughtUp(events.at(-1)!.position);
  return { ideaId, submissionId, auth: `Bearer ${reader.body.token as string}` };
};

describe('the moderation history', () => {
  it("lists a scripted admin session's actions in order, with the admin and before → after", async () => {
    const { ideaId, submissionId, auth } = await scriptedSession();
    const res = await request(t.app).get('/api/admin/audit').set('Authorization', auth);
    expect(res.status).toBe(200);
    const oldestFirst = [...res.body].reverse();
    expect(
      oldestFirst.map((e: Record<string, unknown>) => [
        e.admin,
        e.action,
        e.targetId,
        e.reason,
        e.before,
        e.after,
      ]),
    ).toEqual([
      ['admin', 'admin.signed-in', 'admin', null, null, null],
      ['admin', 'idea.voted', ideaId, null, { vote: null }, { vote: 'up' }],
      ['admin', 'idea.approved', ideaId, 'Timely', { status: 'pending' }, { status: 'approved' }],
      [
        'admin',
        'idea.edited',
        ideaId,
        null,
        { content: idea },
        { content: 'Should cities ban cars?' },
      ],
      [
        'admin',
        'submission.reviewed',
        submissionId,
        null,
        { status: 'pending', adminNotes: null },
        { status: 'rejected', adminNotes: 'Duplicate' },
      ],
      ['admin', 'admin.signed-out', 'admin', null, null, null],
      ['admin', 'admin.signed-in', 'admin', null, null, null],
    ]);
    expect(res.headers['x-total-count']).toBe('7');
    expect(JSON.stringify(res.body)).not.toContain('person');
  });

  it('filters by admin, action, target and date range, and pages with a cursor', async () => {
    const { ideaId, auth } = await scriptedSession();
    const get = (query: string) =>
      request(t.app).get(`/api/admin/audit?${query}`).set('Authorization', auth);

    const ideaHistory = await get(`target=${ideaId}`);
    expect(ideaHistory.body.map((e: { action: string }) => e.action)).toEqual([
      'idea.edited',
      'idea.approved',
      'idea.voted',
    ]);
    expect((await get('action=admin.signed-in&admin=admin')).body).toHaveLength(2);
    expect((await get('admin=grace')).body).toEqual([]);
    expect((await get('from=2026-11-23&to=2026-11-23')).body).toHaveLength(7);
    expect((await get('to=2026-11-22')).body).toEqual([]);

    const first = await get('limit=3');
    expect(first.body).toHaveLength(3);
    expect(first.headers['x-total-count']).toBe('7');
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const second = await request(t.app).get(next).set('Authorization', auth);
    const third = await request(t.app)
      .get(/<([^>]+)>/.exec(second.headers.link as string)![1]!)
      .set('Authorization', auth);
    expect(third.headers.link).toBeUndefined();
    const ids = [...first.body, ...second.body, ...third.body].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(7);
  });

  it('answers each filter from a declared index', async () => {
    await scriptedSession();
    const entries = t.readModels.of(moderationAuditProjection).audit_entries;
    for (const [filter, sort] of [
      [{}, { key: -1 }],
      [{ admin: 'admin' }, { admin: 1, key: -1 }],
      [{ action: 'idea.voted' }, { action: 1, key: -1 }],
      [
        { admin: 'admin', action: 'idea.voted' },
        { admin: 1, action: 1, key: -1 },
      ],
      [{ targetId: 'x' }, { targetId: 1, key: -1 }],
    ] as const) {
      expect((await entries.explain(filter, { sort, limit: 31 })).index).not.toBeNull();
    }
  });

  it('exports the same filters as CSV, with no cell read as a formula', async () => {
    const { ideaId, auth } = await scriptedSession();
    const csv = await request(t.app)
      .get(`/api/admin/audit.csv?target=${ideaId}`)
      .set('Authorization', auth);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv');
    expect(csv.headers['content-disposition']).toContain('moderation-history.csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('at,admin,action,targetKind,targetId,reason,before,after');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"idea.edited"');
  });

  it('exports every row, past any page size, newest first and each once', async () => {
    const login = await request(t.app).post('/api/admin/login').send(testAdmin);
    const auth = `Bearer ${login.body.token as string}`;
    // The analyzer's refusals: 10,050 of them, more than the export once stopped at.
    const total = 10_050;
    let position = 0n;
    for (let i = 0; i < total; i += 1_000) {
      const events = Array.from({ length: Math.min(1_000, total - i) }, (_, j) => ({
        id: `rejection-${i + j}`,
        type: 'ContentRejected',
        data: {
          rejectionId: `x${i + j}`,
          kind: 'reply',
          questionId: 1,
          reason: 'personal attack',
          analyzerVersion: 'local-1',
          day: '2026-11-23',
          at: new Date(Date.UTC(2026, 10, 23, 12, 0, 0, i + j)).toISOString(),
        },
        metadata: { v: 1 },
      }));
      position = (await t.ctx.events.appendToStream(`screening-${i}`, events, 'any')).position;
    }
    await t.caughtUp(position, 120_000);
    const csv = await request(t.app).get('/api/admin/audit.csv').set('Authorization', auth);
    expect(csv.status).toBe(200);
    const rows = csv.text.trim().split('\r\n').slice(1);
    const targets = rows.filter((row) => row.includes('content.rejected'));
    expect(targets).toHaveLength(total);
    expect(new Set(targets).size).toBe(total);
    expect(targets[0]).toContain(`"x${total - 1}"`);
    expect(targets.at(-1)).toContain('"x0"');
  }, 180_000);

  it('reads from and to as product days, as every other date', async () => {
    const login = await request(t.app).post('/api/admin/login').send(testAdmin);
    const auth = `Bearer ${login.body.token as string}`;
    // 01:30 in New York on the 24th: still the product day of the 23rd (it starts at 03:00).
    const { position } = await t.ctx.events.appendToStream(
      'screening-late',
      [
        {
          id: 'late-rejection',
          type: 'ContentRejected',
          data: {
            rejectionId: 'late',
            kind: 'reply',
            questionId: 1,
            reason: 'personal attack',
            analyzerVersion: 'local-1',
            day: '2026-11-23',
            at: '2026-11-24T06:30:00.000Z',
          },
          metadata: { v: 1 },
        },
      ],
      'any',
    );
    await t.caughtUp(position);
    const ids = async (query: string) =>
      (
        await request(t.app)
          .get(`/api/admin/audit?action=content.rejected&${query}`)
          .set('Authorization', auth)
      ).body.map((e: { targetId: string }) => e.targetId);
    expect(await ids('from=2026-11-23&to=2026-11-23')).toEqual(['late']);
    expect(await ids('from=2026-11-24')).toEqual([]);
    const csv = await request(t.app)
      .get('/api/admin/audit.csv?action=content.rejected&to=2026-11-23')
      .set('Authorization', auth);
    expect(csv.text).toContain('"late"');
  });

  it('never lets a reason run as a spreadsheet formula', async () => {
    const { ideaId, auth } = await scriptedSession();
    const reopened = await request(t.app)
      .patch(`/api/brainstorm/${ideaId}`)
      .set('Authorization', auth)
      .send({ status: 'pending', reason: '=HYPERLINK("http://evil.example")' });
    await t.caughtUp(BigInt(reopened.body.position));
    const csv = await request(t.app)
      .get('/api/admin/audit.csv?action=idea.reopened')
      .set('Authorization', auth);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('refuses bad filters and anyone but an admin', async () => {
    const { auth } = await scriptedSession();
    for (const [query, field] of [
      ['action=idea.burned', 'action'],
      ['from=yesterday', 'from'],
      ['from=2026-11-24&to=2026-11-23', 'from'],
      ['cursor=not-a-cursor', 'cursor'],
      ['limit=0', 'limit'],
      ['target=../x', 'target'],
    ]) {
      await expectRefusedWithoutEvents(
        t,
        () => request(t.app).get(`/api/admin/audit?${query}`).set('Authorization', auth),
        400,
        field,
      );
    }
    // A position beyond the log is refused before the first byte of either, never cut midway.
    const head = (await t.allEvents()).at(-1)!.position;
    for (const path of ['/api/admin/audit', '/api/admin/audit.csv']) {
      for (const position of [String(head + 1000n), 'soon']) {
        await expectRefusedWithoutEvents(
          t,
          () => request(t.app).get(path).set('Authorization', auth).set('X-Min-Position', position),
          400,
          'X-Min-Position',
        );
      }
    }
    const member = await signUpVerified(t, 'ada@example.org');
    for (const path of ['/api/admin/audit', '/api/admin/audit.csv']) {
      for (const bearer of [undefined, `Bearer ${member.access_token}`]) {
        await expectRefusedWithoutEvents(
          t,
          () => {
            const req = request(t.app).get(path);
            return bearer ? req.set('Authorization', bearer) : req;
          },
          401,
        );
      }
    }
  });
});
