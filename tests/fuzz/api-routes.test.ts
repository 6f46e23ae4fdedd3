import fc from 'fast-check';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, HTTP_LIMITS } from '../../api/http/server-limits';
import { listRoutes, type AppRoute } from '../support/routes';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';
import {
  headerValue,
  nastyJson,
  nastyString,
  plausibleBody,
  rawBody,
  type RawBody,
} from './arbitraries';

/** Bad requests in all, shared out over every route the app serves. */
const TOTAL_REQUESTS = 3_000;

let t: TestApp;
let server: Server;
/** Real ids of other people and of their content: knowing an id must not be enough. */
let known: {
  devices: string[];
  ids: string[];
  /** Real values by path parameter name, so a request names something that exists. */
  params: Record<string, string[]>;
  bearers: string[];
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  t = await startTestApp();
  // Queries wait this long for read models behind X-Min-Position; a fuzzed position never comes.
  t.ctx.readWaitMs = 20;
  // The HTTP server every API process runs (its limits, 414 and 431 answers), around the app.
  server = createHttpServer(HTTP_LIMITS, t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const question = await t.todaysQuestion();
  const [victim, friend, outsider] = [await t.register(), await t.register(), await t.register()];
  const answer = async (deviceId: string, content: string) =>
    (
      await request(server)
        .post('/api/responses')
        .set('X-Device-ID', deviceId)
        .send({ content, questionId: question.id })
    ).body.id as string;
  const victimResponse = await answer(victim.deviceId, 'Keep the promise, always.');
  await answer(
    friend.deviceId,
    `It depends. ${'Promises bind us because others rely. '.repeat(8)}`,
  );
  const reply = await request(server)
    .post('/api/replies')
    .set('X-Device-ID', friend.deviceId)
    .send({ content: 'I see it differently.', responseId: victimResponse });
  const pairs = await request(server)
    .get(`/api/shared-responses/${question.id}`)
    .set('X-Device-ID', victim.deviceId)
    .set('X-Min-Position', reply.body.position);
  const session = await request(server)
    .post('/api/auth/signup')
    .send({ email: 'victim@example.org', password: 'long enough pw' });
  const token = String(session.body.access_token ?? 'no-token');
  const replyId = String(reply.body.reply?.id);
  const pairId = String(pairs.body[0]?.id);
  const devices = [victim.deviceId, friend.deviceId, outsider.deviceId, newDeviceId()];
  known = {
    devices,
    ids: [victimResponse, replyId, pairId, String(question.id), 'me', 'identity'],
    params: {
      id: [victimResponse, replyId, String(question.id)],
      responseId: [victimResponse],
      questionId: [String(question.id), String(question.id + 1)],
      pairId: [pairId],
      deviceId: ['me', ...devices],
      name: ['identity', 'responses-by-question'],
    },
    bearers: [
      token,
      `${token.slice(0, -2)}xx`,
      `${base64url({ alg: 'none' })}.${base64url({ sub: 'admin', role: 'admin' })}.`,
      String(session.body.refresh_token),
    ],
  };
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/**
 * Arbitraries for one route's requests, built once the world exists: path segments are real
 * values for that parameter (someone else's response, reply, pair or device), any real id,
 * hostile strings, or percent-encoding that does not decode.
 */
const requestTo = (route: AppRoute) => {
  const segment = (param: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(known.params[param] ?? known.ids)) },
      { weight: 1, arbitrary: fc.constantFrom(...known.ids) },
      { weight: 3, arbitrary: nastyString },
      { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00') },
    );
  const device = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known.devices) },
    { weight: 1, arbitrary: headerValue },
  );
  const bearer = fc.oneof(
    fc.constantFrom(...known.bearers.map((b) => `Bearer ${b}`)),
    headerValue.map((v) => `Bearer ${v}`),
    headerValue,
  );
  const headers = fc.dictionary(
    fc.constantFrom('X-Min-Position', 'X-Forwarded-For', 'Origin', 'X-Boon-Ops', 'X-Request-Id'),
    fc.oneof(headerValue, fc.constantFrom('1', '99999999999999999999', '-1', '1.5', '0x10')),
    { maxKeys: 2 },
  );
  const body: fc.Arbitrary<Body> = fc.oneof(
    fc.constant(null),
    plausibleBody(known.ids).map((json) => ({ json })),
    nastyJson.map((json) => ({ json })),
    rawBody.map((raw) => ({ raw })),
  );
  return fc.record({
    params: fc.tuple(...(route.path.match(/:\w+/g) ?? []).map((p) => segment(p.slice(1)))),
    query: fc.option(fc.dictionary(fc.constantFrom('questionId', '__proto__', 'q'), nastyString)),
    device: fc.option(device),
    bearer: fc.option(bearer),
    headers,
    body,
  });
};

const encode = (value: string) => {
  if (value.startsWith('%')) return value;
  try {
    return encodeURIComponent(value) || '%20';
  } catch {
    return '%ED%A0%80';
  }
};

type Body = { json: unknown } | { raw: RawBody } | null;

/**
 * The one refusal that writes, by design: wrong admin credentials are counted for the
 * moderation audit (`AdminSignInFailed`, at 1, 2, 4, 8, … failures an hour). Nothing else.
 */
const writtenWhenRefused: Record<string, string> = {
  'POST /api/admin/login': 'AdminSignInFailed',
};

/** The events a refused request wrote that it may not have. */
const writtenAgainstTheRules = async (where: string, status: number, before: bigint | null) => {
  const written = await t.events.readAll({
    ...(before !== null ? { after: before } : {}),
    maxCount: 100,
  });
  const allowed = status === 401 ? writtenWhenRefused[where] : undefined;
  return written.filter((e) => e.type !== allowed).map((e) => e.type);
};

type Generated = ReturnType<typeof requestTo> extends fc.Arbitrary<infer R> ? R : never;

const send = (route: AppRoute, r: Generated) => {
  let index = 0;
  const path = route.path.replace(/:\w+/g, () => encode(r.params[index++] ?? ''));
  const query = r.query
    ? `?${Object.entries(r.query)
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join('&')}`
    : '';
  const req = request(server)[route.method as 'get'](`${path}${query}`);
  if (r.device !== null) req.set('X-Device-ID', r.device);
  if (r.bearer !== null) req.set('Authorization', r.bearer);
  for (const [name, value] of Object.entries(r.headers)) req.set(name, value);
  if (r.body === null) return req;
  if ('raw' in r.body) return req.set('Content-Type', r.body.raw.type).send(r.body.raw.text);
  const text = JSON.stringify(r.body.json);
  return text === undefined ? req : req.set('Content-Type', 'application/json').send(text);
};

describe('every API route under a few thousand malformed and hostile requests', () => {
  it('the app serves more than a handful of routes (they are read from its router)', () => {
    expect(listRoutes(t.app).length).toBeGreaterThan(20);
  });

  it('never answers 5xx, and a refused request appends nothing', async () => {
    const routes = listRoutes(t.app);
    const runs = Math.ceil(TOTAL_REQUESTS / routes.length);
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestTo(route), async (r) => {
          // Reactors (badges, analyses) append after an accepted request: let them finish first.
          await t.settled();
          const before = await t.events.headPosition();
          const res = await send(route, r);
          const where = `${route.method.toUpperCase()} ${route.path}`;
          expect(res.status, `${where}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(
              await writtenAgainstTheRules(where, res.status, before),
              `${where} answered ${res.status}`,
            ).toEqual([]);
            expect(res.type, `${where} answered ${res.status}`).toBe('application/problem+json');
          }
          expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBe(
            undefined,
          );
        }),
        { numRuns: runs, ...(seed !== undefined ? { seed } : {}) },
      );
    }
  }, 120_000);
});
