import request from 'supertest';
import { loadAccount } from '../../api/auth/accounts';
import { ensureMiniDilemma } from '../../api/commands/mini-day';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusesWithoutEvents, signIn, signUpVerified } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const member = async (email = 'ada@example.com') =>
  `Bearer ${(await signUpVerified(t, email)).access_token}`;

const get = (auth: string, path: string, position?: string) => {
  const req = request(t.app).get(`/api/mini${path}`).set('Authorization', auth);
  return position ? req.set('X-Min-Position', position) : req;
};
const post = (auth: string, path: string, body: unknown) =>
  request(t.app)
    .post(`/api/mini${path}`)
    .set('Authorization', auth)
    .send(body as object);

/** The first bank dilemma: a → a-b → a-b-a (truth-teller) is a chain; b ends at once (rule-keeper). */
const walk = { dilemmaId: 'bank-01', path: ['bank-01-a', 'bank-01-a-b', 'bank-01-a-b-a'] };

describe('Mini without an account session', () => {
  it('answers 401 to every call, and appends nothing', async () => {
    for (const path of [
      '/current',
      '/dilemma/active',
      '/dilemma/bank-01/result',
      '/dilemma/bank-01/choices',
      '/choice/bank-01-a/choices',
      '/choice/bank-01-b/archetypes',
      '/archetypes',
      '/archetype/guardian',
      '/dilemma/bank-01/archetype/guardian/results',
      '/narrative',
    ]) {
      expect((await request(t.app).get(`/api/mini${path}`)).status, path).toBe(401);
    }
    await refusesWithoutEvents(t, () => request(t.app).post('/api/mini/result').send(walk), 401);
    await refusesWithoutEvents(t, () => request(t.app).post('/api/mini/reset').send({}), 401);
    await refusesWithoutEvents(
      t,
      () => post('Bearer not-a-token', '/narrative/result', { choiceIds: ['bank-01-b'] }),
      401,
    );
  });
});

describe('walking today’s dilemma', () => {
  it('serves the day’s dilemma, its first choices, the next step and the archetypes', async () => {
    const ada = await member();
    expect((await get(ada, '/current')).body).toEqual({
      id: 'bank-01',
      content: expect.stringContaining('Initial Prompt:'),
    });
    expect((await get(ada, '/dilemma/active')).body).toMatchObject({
      id: 'bank-01',
      isActive: true,
      dateAdded: '2026-11-22',
    });
    const roots = (await get(ada, '/dilemma/bank-01/choices')).body;
    expect(roots.map((c: { id: string }) => c.id)).toEqual(['bank-01-a', 'bank-01-b', 'bank-01-c']);
    expect(roots[0]).toMatchObject({ parentChoiceId: null, depth: 0, leadToArchetype: false });
    const next = (await get(ada, '/choice/bank-01-a-b/choices')).body;
    expect(next).toEqual([expect.objectContaining({ id: 'bank-01-a-b-a', depth: 2 })]);
    const archetypes = (await get(ada, '/choice/bank-01-c-b/archetypes')).body;
    expect(archetypes.map((a: { id: string }) => a.id)).toEqual(['pragmatist', 'free-spirit']);
    expect((await get(ada, '/archetypes')).body.length).toBeGreaterThanOrEqual(8);
    expect((await get(ada, '/archetype/guardian')).body.name).toBe('The Guardian');
  });

  it('answers 404 for another dilemma, an unknown choice or archetype, 400 for a malformed id', async () => {
    const ada = await member();
    expect((await get(ada, '/dilemma/bank-02/choices')).status).toBe(404);
    expect((await get(ada, '/choice/bank-02-a/choices')).status).toBe(404);
    const missing = await get(ada, '/archetype/nobody');
    expect(missing.status).toBe(404);
    expect(missing.body.title).toBe('Result Not Found');
    const bad = await get(ada, '/choice/..%2Fx/choices');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
  });
});

describe('POST /api/mini/result', () => {
  it('records the archetype the server decides from the path, once a day', async () => {
    const ada = await member();
    const saved = await post(ada, '/result', { ...walk, path: walk.path.join(',') });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ archetypeId: 'truth-teller', path: walk.path });
    const today = await get(ada, '/dilemma/bank-01/result', saved.body.position);
    expect(today.body).toEqual({ dilemmaId: 'bank-01', archetypeId: 'truth-teller' });
    const again = await refusesWithoutEvents(
      t,
      () => post(ada, '/result', { dilemmaId: 'bank-01', path: ['bank-01-b'] }),
      409,
    );
    expect(again.body.detail ?? again.body.message).toMatch(/already completed/);
  });

  it('refuses a forged path, a made-up archetype and another dilemma, naming the field', async () => {
    const ada = await member();
    const refuse = (body: unknown, status: number, field?: string) =>
      refusesWithoutEvents(t, () => post(ada, '/result', body), status, field);
    // Out of order: a child before its parent.
    await refuse({ dilemmaId: 'bank-01', path: ['bank-01-a-b', 'bank-01-a'] }, 400, 'path');
    // A choice from another branch.
    await refuse({ dilemmaId: 'bank-01', path: ['bank-01-a', 'bank-01-c-a'] }, 400, 'path');
    // Too shallow: the journey has not ended.
    await refuse({ dilemmaId: 'bank-01', path: ['bank-01-a', 'bank-01-a-b'] }, 400, 'path');
    // Too deep: on after the end.
    await refuse({ dilemmaId: 'bank-01', path: ['bank-01-b', 'bank-01-a'] }, 400, 'path');
    await refuse({ ...walk, archetypeId: 'guardian' }, 400, 'archetypeId');
    await refuse({ dilemmaId: 'bank-02', path: ['bank-02-a'] }, 409, 'dilemmaId');
    await refuse({ dilemmaId: 'bank-01' }, 400, 'path');
    await refuse({ dilemmaId: 'bank 01', path: ['x'] }, 400, 'dilemmaId');
    await refuse({ ...walk, personId: 'someone-else' }, 400, 'personId');
    await refuse({ dilemmaId: 'bank-01', path: Array(11).fill('bank-01-a') }, 400, 'path');
    await refuse('not json', 400);
  });

  it('keeps each person’s result their own', async () => {
    const ada = await member();
    const bob = await member('bob@example.com');
    const saved = await post(ada, '/result', walk);
    expect(saved.status).toBe(201);
    const bobs = await get(bob, '/dilemma/bank-01/result', saved.body.position);
    expect(bobs.body).toEqual({ dilemmaId: 'bank-01', archetypeId: null });
    expect((await post(bob, '/result', walk)).status).toBe(201);
  });
});

describe('whose journey it is', () => {
  it('records the journey for the account’s person, as streaks and erasure know them', async () => {
    const session = await signUpVerified(t, 'eve@example.com');
    const saved = await post(`Bearer ${session.access_token}`, '/result', walk);
    expect(saved.status).toBe(201);
    const account = await loadAccount(t.ctx, session.user.id);
    const done = (await t.allEvents()).find((e) => e.type === 'MiniJourneyCompleted');
    expect((done?.data as { personId: string }).personId).toBe(account!.userId);
  });
});

describe('POST /api/mini/reset', () => {
  it('clears today’s result so the journey can be walked again, and 404s when there is none', async () => {
    const ada = await member();
    await refusesWithoutEvents(t, () => post(ada, '/reset', {}), 404);
    await post(ada, '/result', walk);
    const reset = await post(ada, '/reset', {});
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Result reset successfully');
    const today = await get(ada, '/dilemma/bank-01/result', reset.body.position);
    expect(today.body.archetypeId).toBeNull();
    const retry = await post(ada, '/result', { dilemmaId: 'bank-01', path: ['bank-01-b'] });
    expect(retry.body.archetypeId).toBe('rule-keeper');
    const types = (await t.allEvents()).map((e) => e.type).filter((x) => x.startsWith('MiniR'));
    expect(types).toEqual(['MiniResultReset']);
    await refusesWithoutEvents(
      t,
      () => post(ada, '/reset', { everything: true }),
      400,
      'everything',
    );
  });

  it('lets yesterday’s result stand and opens a new journey at 03:00', async () => {
    let ada = await member();
    await post(ada, '/result', walk);
    await t.newDay(new Date('2026-11-23T08:00:00Z'));
    // The day keeper gives the new day its dilemma too.
    await ensureMiniDilemma(t.ctx);
    ada = `Bearer ${(await signIn(t, 'ada@example.com', 'long enough pw')).body.access_token}`;
    expect((await get(ada, '/current')).body.id).toBe('bank-02');
    expect((await get(ada, '/dilemma/bank-01/result')).body.archetypeId).toBeNull();
    await refusesWithoutEvents(t, () => post(ada, '/reset', {}), 404);
  });
});

describe('fellow travellers', () => {
  it('counts the others who reached the same archetype today, without saying who', async () => {
    const [ada, bob, cy] = [
      await member(),
      await member('bob@example.com'),
      await member('cy@example.com'),
    ];
    await post(ada, '/result', walk);
    await post(bob, '/result', walk);
    const last = await post(cy, '/result', { dilemmaId: 'bank-01', path: ['bank-01-b'] });
    const res = await get(
      ada,
      '/dilemma/bank-01/archetype/truth-teller/results',
      last.body.position,
    );
    expect(res.body).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('1');
    expect(Object.keys(res.body[0])).toEqual(['completedAt']);
    // Both reads go through a declared index.
    const results = t.readModels.collection('mini_results');
    const fellows = { dilemmaId: 'bank-01', archetypeId: 'truth-teller', day: '2026-11-22' };
    expect((await results.explain(fellows, { sort: { completedAt: -1 } })).index).not.toBeNull();
    const own = { personId: 'x', day: '2026-11-22', dilemmaId: 'bank-01' };
    expect((await results.explain(own)).index).not.toBeNull();
    const bad = await get(ada, '/dilemma/bank-01/archetype/%20/results');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('archetypeId');
  });
});

describe('the legacy narrative', () => {
  it('tells today’s dilemma as prompts and records the path’s archetype once', async () => {
    const ada = await member();
    const narrative = (await get(ada, '/narrative')).body;
    expect(narrative.dilemmaId).toBe('bank-01');
    expect(narrative.fullNarrative[narrative.initialPrompt].choices).toHaveLength(3);
    const first = await post(ada, '/narrative/result', {
      choiceIds: ['bank-01-b'],
      userId: 'anonymous',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ recorded: true, archetype: { id: 'rule-keeper' } });
    const second = await post(ada, '/narrative/result', { choiceIds: walk.path });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ recorded: false, archetype: { id: 'truth-teller' } });
    await refusesWithoutEvents(
      t,
      () => post(ada, '/narrative/result', { choiceIds: ['bank-01-a'] }),
      400,
      'path',
    );
    await refusesWithoutEvents(
      t,
      () => post(ada, '/narrative/result', { choiceIds: [] }),
      400,
      'choiceIds',
    );
  });
});
