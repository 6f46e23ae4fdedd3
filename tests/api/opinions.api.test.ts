import request from 'supertest';
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replayOpinionMap } from '../../api/analyst/opinions-replay';
import { OPINION_MAPS, type StoredMap } from '../../api/opinions/opinion-maps';
import type { OpinionMapDto } from '../../domain/contracts/opinions';
import { mapDto } from '../../domain/opinions/opinion-map';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

type Person = { deviceId: string; answerId: string };

/** Someone who answers today's question, through the API. */
const answerer = async (content: string): Promise<Person> => {
  const { deviceId } = await t.register();
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', deviceId)
    .send({ content, questionId: q.id });
  expect(res.status).toBe(201);
  return { deviceId, answerId: res.body.id as string };
};

const echo = (deviceId: string, responseId: string) =>
  request(t.app).post(`/api/responses/${responseId}/echo`).set('X-Device-ID', deviceId);

/**
 * The known answer through the API: two camps of `size`, each person echoing the other answers
 * of their camp and the two bridge answers (nine echoes each: under the day's ten).
 */
const plantCamps = async (size = 8) => {
  const camps: Person[][] = [[], []];
  for (const [side, camp] of camps.entries()) {
    for (let i = 0; i < size; i++) {
      camp.push(await answerer(`Camp ${side} answer ${i}: my reasons, in a few words.`));
    }
  }
  const bridges = [
    await answerer('Both sides want the same thing underneath.'),
    await answerer('Listening first would help everyone here.'),
  ];
  for (const camp of camps) {
    for (const person of camp) {
      for (const other of camp) {
        if (other !== person)
          expect((await echo(person.deviceId, other.answerId)).status).toBe(200);
      }
      for (const bridge of bridges)
        expect((await echo(person.deviceId, bridge.answerId)).status).toBe(200);
    }
  }
  await t.settled();
  // Past the interval since any map the keeper made while the camps were forming.
  afterInterval();
  return { camps, bridges, questionId: (await t.todaysQuestion()).id };
};

/** Moves the clock a minute on: a map asked for now is computed from the matrix as it stands. */
const afterInterval = () => t.setNow(new Date(t.ctx.clock.now().getTime() + 60_000));

const mapFor = (questionId: number, deviceId: string) =>
  request(t.app).get(`/api/opinions/${questionId}`).set('X-Device-ID', deviceId);

describe('GET /api/opinions/{questionId}', () => {
  it('maps two planted camps: two groups, everyone in their camp, the bridges as common ground', async () => {
    const { camps, bridges, questionId } = await plantCamps();
    const groupOf = new Map<string, string>();
    for (const person of camps.flat()) {
      const res = await mapFor(questionId, person.deviceId);
      expect(res.status).toBe(200);
      const body = res.body as OpinionMapDto;
      expect(body).toMatchObject({ status: 'ready', participants: 16 });
      expect(body.you).toBeDefined();
      groupOf.set(person.deviceId, body.you!.group!);
    }
    const campGroups = camps.map((camp) => new Set(camp.map((p) => groupOf.get(p.deviceId))));
    expect(campGroups.map((g) => g.size)).toEqual([1, 1]);
    expect([...campGroups[0]!, ...campGroups[1]!].sort()).toEqual(['A', 'B']);

    const body = (await mapFor(questionId, camps[0]![0]!.deviceId)).body as OpinionMapDto;
    expect(body.groups.map((g) => g.size)).toEqual([8, 8]);
    expect(body.consensus.map((c) => c.responseId).sort()).toEqual(
      bridges.map((b) => b.answerId).sort(),
    );
    const ownGroup = body.groups.find((g) => g.id === body.you!.group)!;
    const campAnswers = camps[0]!.map((p) => p.answerId);
    for (const r of ownGroup.representative) expect(campAnswers).toContain(r.responseId);
    // The caller's own dot is among the dots, and nothing names anyone.
    expect(body.points).toContainEqual({ x: body.you!.x, y: body.you!.y, group: body.you!.group });
    expect(JSON.stringify(body)).not.toMatch(/authorId|userId|deviceId|personId|pseudonym/);
    for (const person of camps.flat()) expect(JSON.stringify(body)).not.toContain(person.deviceId);

    // Someone who wrote but never echoed is not on the map: no place of their own.
    const writer = (await mapFor(questionId, bridges[0]!.deviceId)).body as OpinionMapDto;
    expect(writer.you).toBeUndefined();
    expect(writer.points).toEqual(body.points);
  }, 60_000);

  it('serves the map the analyst replays from the log, to the last digit', async () => {
    const { camps, questionId } = await plantCamps();
    const served = (await mapFor(questionId, camps[1]![3]!.deviceId)).body as OpinionMapDto;
    const { you: _you, ...withoutYou } = served;
    const { map } = await replayOpinionMap(t.events, questionId);
    expect(mapDto(map, null)).toEqual(withoutYou);
  }, 60_000);

  it('says how many more people a map needs below 12 with 3 votes each', async () => {
    const people = [
      await answerer('one two three'),
      await answerer('four five six'),
      await answerer('seven eight nine'),
      await answerer('ten eleven twelve'),
    ];
    for (const person of people) {
      for (const other of people) if (other !== person) await echo(person.deviceId, other.answerId);
    }
    await t.settled();
    const q = await t.todaysQuestion();
    const res = await mapFor(q.id, people[0]!.deviceId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'too-few',
      needed: 8,
      participants: 4,
      groups: [],
      consensus: [],
      points: [],
    });
  });

  it('is computed at once when asked for first, then again only once the interval has passed', async () => {
    const { camps, bridges, questionId } = await plantCamps();
    const before = (await mapFor(questionId, camps[0]![0]!.deviceId)).body as OpinionMapDto;
    // A change to the matrix: a camp member's echo withdrawn from one bridge.
    await echo(camps[0]![0]!.deviceId, bridges[0]!.answerId);
    await t.settled();
    const soon = (await mapFor(questionId, camps[0]![1]!.deviceId)).body as OpinionMapDto;
    expect(soon.points).toEqual(before.points);
    const stored = await t.ctx.opinionMaps.mapOf(questionId);
    const { changedAt } = await t.ctx.opinionMaps.matrix(questionId);
    expect(stored.asOf).toBeLessThan(changedAt);

    t.setNow(new Date(stored.computedAt + 60_000));
    const pushed = firstValueFrom(
      t.readModels.notices.pipe(filter((n) => n.topics.includes(`responses:${questionId}`))),
    );
    const later = (await mapFor(questionId, camps[0]![1]!.deviceId)).body as OpinionMapDto;
    expect(later.points).not.toEqual(before.points);
    expect((await t.ctx.opinionMaps.mapOf(questionId)).asOf).toBe(changedAt);
    // The new map is pushed on the question's live topic.
    await expect(pushed).resolves.toMatchObject({ topics: [`responses:${questionId}`] });
  }, 60_000);

  it('is kept current by the keeper without anyone asking, and pushed on the question’s topic', async () => {
    const { questionId } = await plantCamps();
    const pushed = firstValueFrom(
      t.readModels.notices.pipe(
        filter(
          (n) => n.projection === 'opinion_maps' && n.topics.includes(`responses:${questionId}`),
        ),
      ),
    );
    const storedMap = () =>
      t.readStore.collection<StoredMap>(OPINION_MAPS).findOne({ _id: String(questionId) });
    const { matrix, changedAt } = await t.ctx.opinionMaps.matrix(questionId);
    // No request: the keeper's next look (every 5 s) finds the changed matrix and maps it
    // (unless its last look already did, after the last echo).
    if ((await storedMap())?.asOf !== changedAt) await pushed;
    const stored = (await storedMap())!;
    expect(stored.asOf).toBe(changedAt);
    expect(stored.map.participants).toBe(matrix.people.length);
    expect(stored.map.groups.map((g) => g.size)).toEqual([8, 8]);
  }, 60_000);

  it('refuses as the discussion does whoever may not read it, and refuses bad ids, appending nothing', async () => {
    const someone = await answerer('I answered, so I may read.');
    const q = await t.todaysQuestion();
    const stranger = await t.register();
    for (const path of [`/api/opinions/${q.id}`, `/api/opinions/${q.id}/answers`]) {
      const refused = await expectRefusedWithoutEvents(
        t,
        () => request(t.app).get(path).set('X-Device-ID', stranger.deviceId),
        403,
      );
      const discussion = await request(t.app)
        .get(`/api/responses/${q.id}`)
        .set('X-Device-ID', stranger.deviceId);
      const { requestId: _refusal, ...refusal } = refused.body;
      const { requestId: _discussion, ...discussionRefusal } = discussion.body;
      expect(refusal).toEqual(discussionRefusal);
      const unregistered = await request(t.app).get(path).set('X-Device-ID', newDeviceId());
      expect(unregistered.status).toBe(
        (await request(t.app).get(`/api/responses/${q.id}`).set('X-Device-ID', newDeviceId()))
          .status,
      );
    }
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      await expectRefusedWithoutEvents(
        t,
        () => request(t.app).get(`/api/opinions/${bad}`).set('X-Device-ID', someone.deviceId),
        400,
        'questionId',
      );
    }
  });
});

describe('GET /api/opinions/{questionId}/answers', () => {
  it('gives the words of the answers the map names, only while they stand, mine marked', async () => {
    const { camps, bridges, questionId } = await plantCamps();
    const reader = camps[0]![0]!;
    const map = (await mapFor(questionId, reader.deviceId)).body as OpinionMapDto;
    const res = await request(t.app)
      .get(`/api/opinions/${questionId}/answers`)
      .set('X-Device-ID', reader.deviceId);
    expect(res.status).toBe(200);
    const named = new Set([
      ...map.groups.flatMap((g) => g.representative.map((r) => r.responseId)),
      ...map.consensus.map((c) => c.responseId),
    ]);
    expect(new Set(res.body.map((a: { responseId: string }) => a.responseId))).toEqual(named);
    expect(
      res.body.find((a: { responseId: string }) => a.responseId === bridges[0]!.answerId),
    ).toMatchObject({ content: 'Both sides want the same thing underneath.', isOwn: false });
    expect(JSON.stringify(res.body)).not.toMatch(/authorId|pseudonym|userId/);

    const removed = await request(t.app)
      .delete(`/api/responses/${bridges[0]!.answerId}`)
      .set('X-Device-ID', bridges[0]!.deviceId);
    expect(removed.status).toBe(200);
    await t.settled();
    const after = await request(t.app)
      .get(`/api/opinions/${questionId}/answers`)
      .set('X-Device-ID', reader.deviceId);
    expect(after.body.map((a: { responseId: string }) => a.responseId)).not.toContain(
      bridges[0]!.answerId,
    );
  }, 60_000);
});

describe('GET /api/opinions?questionIds=', () => {
  it('gives registered people each question’s groups and share of common ground', async () => {
    const { camps, questionId } = await plantCamps();
    const res = await request(t.app)
      .get(`/api/opinions?questionIds=${questionId},${questionId + 100}`)
      .set('X-Device-ID', camps[0]![0]!.deviceId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { questionId, status: 'ready', participants: 16, groups: 2, consensusShare: 0.111111 },
      {
        questionId: questionId + 100,
        status: 'too-few',
        participants: 0,
        groups: 0,
        consensusShare: 0,
      },
    ]);
  }, 60_000);

  it('refuses the unregistered and bad lists, appending nothing', async () => {
    const { deviceId } = await t.register();
    await expectRefusedWithoutEvents(
      t,
      () => request(t.app).get('/api/opinions?questionIds=1').set('X-Device-ID', newDeviceId()),
      403,
    );
    for (const bad of ['questionIds=a,b', 'questionIds=', 'questionIds=1,-2', 'other=1', '']) {
      await expectRefusedWithoutEvents(
        t,
        () => request(t.app).get(`/api/opinions?${bad}`).set('X-Device-ID', deviceId),
        400,
      );
    }
    const tooMany = Array.from({ length: 63 }, (_, i) => i + 1).join(',');
    await expectRefusedWithoutEvents(
      t,
      () => request(t.app).get(`/api/opinions?questionIds=${tooMany}`).set('X-Device-ID', deviceId),
      400,
      'questionIds',
    );
  });
});
