import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureMiniDilemma } from '../../api/commands/mini-day';
import type { PendingDilemmaDto } from '../../domain/contracts/mini-admin';
import { signUpVerified } from '../support/accounts';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const adminToken = async () => {
  const res = await request(t.app).post('/api/admin/login').send(testAdmin);
  expect(res.status).toBe(200);
  return `Bearer ${res.body.token as string}`;
};
const member = async (email = 'ada@example.com') =>
  `Bearer ${(await signUpVerified(t, email)).access_token}`;

const send = (
  auth: string | null,
  method: 'get' | 'post' | 'delete',
  path: string,
  body?: object,
) => {
  const req = request(t.app)[method](`/api${path}`);
  if (auth) req.set('Authorization', auth);
  return body === undefined ? req : req.send(body);
};

type Written = { id: string; position: string };

/** An admin's dilemma: a first option that ends at the guardian, and one that leads on. */
const buildDilemma = async (admin: string, link = true) => {
  const write = async (path: string, body?: object) => {
    const res = await send(admin, 'post', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Written;
  };
  const dilemma = await write('/mini/dilemma', {
    content: 'Initial Prompt: A friend asks you to lie for them.\nInitial Options: Lie, or refuse.',
    isActive: false,
  });
  const choice = (content: string, parentChoiceId: string | null, depth: number, ends: boolean) =>
    write('/mini/choice', {
      dilemmaId: dilemma.id,
      parentChoiceId,
      content,
      depth,
      leadToArchetype: ends,
    });
  const refuse = await choice('Final Choice: Refuse, kindly.', null, 0, true);
  const lie = await choice('Lie for them.\nFollow-up Prompt: It comes out.', null, 0, false);
  const own = await choice('Final Choice: Own up together.', lie.id, 1, true);
  await write(`/mini/choice/${refuse.id}/archetype/truth-teller`);
  const last = link ? await write(`/mini/choice/${own.id}/archetype/loyal-companion`) : own;
  return { id: dilemma.id, refuse: refuse.id, lie: lie.id, own: own.id, position: last.position };
};

/** Today's dilemma as a member sees it once the read models reach `position`. */
const currentDilemma = (who: string, position: string) =>
  send(who, 'get', '/mini/current').set('X-Min-Position', position);

const pending = async (admin: string, position?: string) => {
  const req = send(admin, 'get', '/admin/dilemmas/pending');
  if (position) req.set('X-Min-Position', position);
  return (await req).body as PendingDilemmaDto[];
};

describe('who may use the Mini tab', () => {
  it('answers 401 without a token and to a member’s token, appending nothing', async () => {
    const ada = await member();
    const calls: ['get' | 'post' | 'delete', string, object?][] = [
      ['get', '/admin/mini'],
      ['get', '/admin/dilemmas/pending'],
      ['post', '/admin/dilemmas/bank-01/activate', {}],
      ['post', '/admin/dilemmas/bank-01/schedule', { scheduledDate: '2026-11-30' }],
      ['delete', '/admin/dilemmas/bank-01'],
      ['post', '/admin/mini/generate-random', {}],
      ['get', '/admin/generate-diverse-dilemma'],
      ['post', '/admin/create-diverse-dilemma', { template: {} }],
      ['post', '/mini/dilemma', { content: 'A dilemma' }],
      ['post', '/mini/choice', { dilemmaId: 'd', content: 'c', depth: 0 }],
      ['post', '/mini/choice/c1/archetype/guardian'],
    ];
    for (const [method, path, body] of calls) {
      for (const auth of [null, ada, 'Bearer forged']) {
        await expectRefusedWithoutEvents(t, () => send(auth, method, path, body), 401);
      }
    }
  });
});

describe('an admin builds a dilemma and makes it today’s', () => {
  it('lists it as pending with what is missing, activates it once whole, and a member walks it', async () => {
    const admin = await adminToken();
    const built = await buildDilemma(admin, false);
    const unfinished = (await pending(admin, built.position)).find((d) => d.id === built.id)!;
    expect(unfinished.problems).toEqual([
      `Choice ${built.own}: it ends the journey without an archetype`,
    ]);
    const notReady = await expectRefusedWithoutEvents(
      t,
      () => send(admin, 'post', `/admin/dilemmas/${built.id}/activate`, {}),
      400,
      'dilemmaId',
    );
    expect(notReady.body.detail).toMatch(/no dead ends.*every path ends at an archetype/);

    const linked = await send(admin, 'post', `/mini/choice/${built.own}/archetype/loyal-companion`);
    expect(linked.status).toBe(201);
    const whole = (await pending(admin, linked.body.position)).find((d) => d.id === built.id)!;
    expect(whole).toMatchObject({ problems: [], isActive: false, createdBy: 'admin' });
    expect(whole.archetypes.map((a) => a.id)).toEqual(['truth-teller', 'loyal-companion']);

    const activated = await send(admin, 'post', `/admin/dilemmas/${built.id}/activate`, {});
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const ada = await member();
    const current = await currentDilemma(ada, activated.body.position);
    expect(current.body.id).toBe(built.id);
    const roots = await send(ada, 'get', `/mini/dilemma/${built.id}/choices`);
    expect(roots.body.map((c: { id: string }) => c.id)).toEqual([built.refuse, built.lie]);
    expect((await pending(admin, activated.body.position)).map((d) => d.id)).not.toContain(
      built.id,
    );

    const audit = await send(admin, 'get', `/admin/audit?target=${built.id}`).set(
      'X-Min-Position',
      activated.body.position,
    );
    expect(audit.body.map((e: { action: string }) => e.action).reverse()).toEqual([
      'dilemma.created',
      'dilemma.choice-added',
      'dilemma.choice-added',
      'dilemma.choice-added',
      'dilemma.archetype-linked',
      'dilemma.archetype-linked',
      'dilemma.activated',
    ]);
    expect(audit.body.every((e: { admin: string }) => e.admin === 'admin')).toBe(true);
  });

  it('refuses to replace today’s dilemma once someone completed it, and offers tomorrow instead', async () => {
    const admin = await adminToken();
    const ada = await member();
    const walked = await send(ada, 'post', '/mini/result', {
      dilemmaId: 'bank-01',
      path: ['bank-01-b'],
    });
    expect(walked.status).toBe(201);
    await t.caughtUp(BigInt(walked.body.position));
    const built = await buildDilemma(admin);
    const refused = await expectRefusedWithoutEvents(
      t,
      () => send(admin, 'post', `/admin/dilemmas/${built.id}/activate`, {}),
      409,
    );
    expect(refused.body.detail).toMatch(/Schedule this one for tomorrow instead/);

    const days = (await send(admin, 'get', '/admin/mini')).body;
    expect(days).toMatchObject({ today: '2026-11-22', tomorrow: '2026-11-23' });
    const scheduled = await send(admin, 'post', `/admin/dilemmas/${built.id}/schedule`, {
      scheduledDate: days.tomorrow,
    });
    expect(scheduled.status).toBe(200);
    expect(
      (await pending(admin, scheduled.body.position)).find((d) => d.id === built.id),
    ).toMatchObject({ scheduledDate: '2026-11-23' });

    await t.newDay(new Date('2026-11-23T15:00:00Z'));
    await ensureMiniDilemma(t.ctx);
    const bob = await member('bob@example.com');
    expect((await send(bob, 'get', '/mini/current')).body.id).toBe(built.id);
  });

  it('scheduled for today (the spec’s earliest date), is today’s at once; refused, offering tomorrow, once today’s was walked', async () => {
    const admin = await adminToken();
    const first = await buildDilemma(admin);
    const now = await send(admin, 'post', `/admin/dilemmas/${first.id}/schedule`, {
      scheduledDate: '2026-11-22',
    });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    const ada = await member();
    const current = await currentDilemma(ada, now.body.position);
    expect(current.body.id).toBe(first.id);

    const walked = await send(ada, 'post', '/mini/result', {
      dilemmaId: first.id,
      path: [first.refuse],
    });
    expect(walked.status, JSON.stringify(walked.body)).toBe(201);
    await t.caughtUp(BigInt(walked.body.position));
    const second = await buildDilemma(admin);
    const yesterday = await expectRefusedWithoutEvents(
      t,
      () =>
        send(admin, 'post', `/admin/dilemmas/${second.id}/schedule`, {
          scheduledDate: '2026-11-21',
        }),
      400,
    );
    expect(yesterday.body).toMatchObject({
      field: 'scheduledDate',
      detail: 'Please select today or a later date.',
    });
    const refused = await expectRefusedWithoutEvents(
      t,
      () =>
        send(admin, 'post', `/admin/dilemmas/${second.id}/schedule`, {
          scheduledDate: '2026-11-22',
        }),
      409,
    );
    expect(refused.body.detail).toMatch(/Schedule this one for tomorrow instead/);
  });

  it('deletes a pending dilemma, but not one a day already walked', async () => {
    const admin = await adminToken();
    const kept = await buildDilemma(admin);
    const dropped = await buildDilemma(admin);
    const gone = await send(admin, 'delete', `/admin/dilemmas/${dropped.id}`);
    expect(gone.status).toBe(200);
    expect((await pending(admin, gone.body.position)).map((d) => d.id)).toEqual([kept.id]);
    const activated = await send(admin, 'post', `/admin/dilemmas/${kept.id}/activate`, {});
    await t.caughtUp(BigInt(activated.body.position));
    await expectRefusedWithoutEvents(
      t,
      () => send(admin, 'delete', `/admin/dilemmas/${kept.id}`),
      409,
    );
    await expectRefusedWithoutEvents(
      t,
      () =>
        send(admin, 'post', `/admin/dilemmas/${kept.id}/schedule`, { scheduledDate: '2026-12-01' }),
      409,
    );
  });
});

describe('dilemmas generated from the bank', () => {
  it('copies a random bank dilemma, ready to activate, and makes one from a diverse template', async () => {
    const admin = await adminToken();
    const random = await send(admin, 'post', '/admin/mini/generate-random', {});
    expect(random.status).toBe(201);
    const template = (await send(admin, 'get', '/admin/generate-diverse-dilemma')).body;
    expect(template.initialChoices.length).toBeGreaterThanOrEqual(2);
    expect(template.archetypes[0]).toEqual({
      name: expect.any(String),
      description: expect.any(String),
    });
    const diverse = await send(admin, 'post', '/admin/create-diverse-dilemma', { template });
    expect(diverse.status, JSON.stringify(diverse.body)).toBe(201);
    const list = await pending(admin, diverse.body.position);
    // Both were written at the same moment: the list's order between them is not the point.
    expect(list.map((d) => [d.id, d.problems]).sort()).toEqual(
      [
        [diverse.body.id, []],
        [random.body.id, []],
      ].sort(),
    );
  });
});

describe('bad input is refused, naming the field, and appends nothing', () => {
  it('on every route of the tab', async () => {
    const admin = await adminToken();
    const built = await buildDilemma(admin, false);
    const refuse = (
      method: 'post' | 'delete',
      path: string,
      body: unknown,
      status: number,
      field?: string,
    ) =>
      expectRefusedWithoutEvents(t, () => send(admin, method, path, body as object), status, field);

    await refuse('post', '/mini/dilemma', { content: ' ' }, 400, 'content');
    await refuse('post', '/mini/dilemma', {}, 400, 'content');
    await refuse('post', '/mini/dilemma', { content: 'Q', isActive: true }, 400, 'isActive');
    await refuse('post', '/mini/dilemma', { content: 'Q', by: 'someone' }, 400, 'by');

    const choice = { dilemmaId: built.id, parentChoiceId: null, content: 'C', depth: 0 };
    await refuse('post', '/mini/choice', { ...choice, content: '' }, 400, 'content');
    await refuse('post', '/mini/choice', { ...choice, dilemmaId: undefined }, 400, 'dilemmaId');
    await refuse('post', '/mini/choice', { ...choice, dilemmaId: 'nope' }, 404);
    await refuse('post', '/mini/choice', { ...choice, depth: 6 }, 400, 'depth');
    await refuse('post', '/mini/choice', { ...choice, depth: -1 }, 400, 'depth');
    await refuse('post', '/mini/choice', { ...choice, depth: 1.5 }, 400, 'depth');
    await refuse('post', '/mini/choice', { ...choice, depth: 1 }, 400, 'depth');
    await refuse(
      'post',
      '/mini/choice',
      { ...choice, parentChoiceId: 'elsewhere', depth: 1 },
      400,
      'parentChoiceId',
    );
    await refuse(
      'post',
      '/mini/choice',
      { ...choice, parentChoiceId: built.lie, depth: 3 },
      400,
      'depth',
    );

    await refuse('post', '/mini/choice/unknown/archetype/guardian', {}, 400, 'choiceId');
    await refuse('post', `/mini/choice/${built.own}/archetype/nobody`, {}, 400, 'archetypeId');
    await refuse('post', `/mini/choice/${built.own}/archetype/..%2Fx`, {}, 400, 'archetypeId');

    const path = `/admin/dilemmas/${built.id}`;
    await refuse('post', `${path}/schedule`, {}, 400, 'scheduledDate');
    await refuse('post', `${path}/schedule`, { scheduledDate: 'soon' }, 400, 'scheduledDate');
    await refuse('post', `${path}/schedule`, { scheduledDate: '2026-11-21' }, 400, 'scheduledDate');
    await refuse('post', `${path}/schedule`, { scheduledDate: '2026-11-23' }, 400, 'dilemmaId');
    await refuse('post', `${path}/activate`, {}, 400, 'dilemmaId');
    await refuse('post', '/admin/dilemmas/unknown/activate', {}, 404);
    await refuse('delete', '/admin/dilemmas/unknown', undefined, 404);
    await refuse('post', '/admin/mini/generate-random', { count: 3 }, 400, 'count');

    const template = (await send(admin, 'get', '/admin/generate-diverse-dilemma')).body;
    await refuse('post', '/admin/create-diverse-dilemma', {}, 400, 'template');
    await refuse(
      'post',
      '/admin/create-diverse-dilemma',
      { template: { ...template, scenario: ' ' } },
      400,
      'template.scenario',
    );
    await refuse(
      'post',
      '/admin/create-diverse-dilemma',
      {
        template: {
          ...template,
          initialChoices: [
            { content: 'x', archetypeAlignment: ['The Nobody'] },
            ...template.initialChoices,
          ],
        },
      },
      400,
      'template.initialChoices.0.archetypeAlignment.0',
    );
  });
});
