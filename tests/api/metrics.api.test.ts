import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ensureQuestionOfTheDay } from '../../api/commands/question-of-the-day';
import { metricsAccess } from '../../api/http/metrics';
import { startProjector, type RunningProjector } from '../../api/processes/projector';
import { startServer, type RunningServer } from '../../api/server';
import { WrongExpectedRevisionError } from '../../domain/shared/errors';
import { loadConfig } from '../../infra/config';
import type { EventStore } from '../../infra/event-store/event-store';
import { silentLogger } from '../../infra/logger';
import { createMetrics } from '../../infra/metrics';
import { newDeviceId, startTestApp, testBank } from '../support/test-app';
import { liveClient } from '../support/live-client';

const TOKEN = 'a-metrics-token-for-this-test';
let api: RunningServer;
let projector: RunningProjector;
let dataDir: string;

const configFor = (role: string, extra: Record<string, string> = {}) =>
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLE: role,
    AUTH_SECRET: 'a-shared-secret-for-both-processes-here',
    ...extra,
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-metrics-'));
  projector = await startProjector({ config: configFor('projector'), logger: silentLogger() });
  api = await startServer({
    config: configFor('api', { METRICS_TOKEN: TOKEN }),
    logger: silentLogger(),
    bank: testBank,
    passwordCost: 2 ** 10,
    admin: { username: 'admin', password: 'metrics test password' },
    clock: { now: () => new Date('2026-11-22T15:00:00Z') },
  });
});
afterAll(async () => {
  await api.close();
  await projector.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { call, register } = liveClient(() => api.url);

type Series = { labels: Record<string, string>; value: number };

/** The samples of one metric in Prometheus' text format. */
const samples = (text: string, name: string): Series[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const match = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...(match[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { labels, value: Number(match[2]) };
    });

const scrape = async (url: string, token?: string) => {
  const res = await fetch(`${url}/metrics`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('/metrics on an API process', () => {
  it('reports requests by route pattern, command outcomes, appends, sockets and projections', async () => {
    const question = (await call('/api/question/today', newDeviceId())).body as { id: number };
    const author = await register();
    const answer = await call('/api/responses', author, {
      content: 'an answer the metrics count',
      questionId: question.id,
    });
    expect(answer.status).toBe(201);
    // Echoing your own answer is refused: a command refused as forbidden.
    const own = await call(
      `/api/responses/${answer.body.id}/echo`,
      author,
      {},
      answer.body.position,
    );
    expect(own.status).toBe(403);
    const socket = new WebSocket(`${api.url.replace('http', 'ws')}/ws`);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'identify', deviceId: author }));
    socket.send(JSON.stringify({ type: 'subscribe', topics: [`responses:${question.id}`] }));
    await new Promise((resolve) =>
      socket.on('message', (raw) => {
        if (JSON.parse(raw.toString()).type === 'subscribed') resolve(null);
      }),
    );

    const { status, type, text } = await scrape(api.url, TOKEN);
    expect(status).toBe(200);
    expect(type).toContain('text/plain');

    const http = samples(text, 'boon_http_request_duration_seconds_count');
    const routes = new Set(http.map((s) => s.labels.route));
    expect(routes).toContain('/api/responses/:id/echo');
    expect(routes).toContain('/api/responses');
    expect(http.find((s) => s.labels.route === '/api/responses/:id/echo')?.labels.status).toBe(
      '403',
    );
    // Never a raw path: an id in a label would make one series per answer.
    expect(text).not.toContain(answer.body.id);
    expect(samples(text, 'boon_http_request_duration_seconds_bucket').length).toBeGreaterThan(0);

    const commands = samples(text, 'boon_commands_total');
    expect(commands).toContainEqual({
      labels: expect.objectContaining({ stream: 'responder', outcome: 'accepted' }),
      value: 1,
    });
    expect(commands).toContainEqual({
      labels: expect.objectContaining({ stream: 'echoer', outcome: 'refused', kind: 'forbidden' }),
      value: 1,
    });
    expect(samples(text, 'boon_events_appended_total')[0]!.value).toBeGreaterThan(0);
    expect(samples(text, 'boon_appends_total')).toContainEqual({
      labels: expect.objectContaining({ result: 'ok' }),
      value: expect.any(Number),
    });

    // One socket on /ws; none on the live chat's hub, which is reported beside it.
    expect(samples(text, 'boon_ws_connections')).toEqual([
      { labels: expect.objectContaining({ hub: 'live' }), value: 1 },
      { labels: expect.objectContaining({ hub: 'mini-chat' }), value: 0 },
    ]);
    expect(samples(text, 'boon_ws_topics')[0]!.value).toBe(1);
    expect(samples(text, 'boon_kdf_pending')[0]!.value).toBe(0);
    // Events reactors gave up on, by reactor (none here).
    expect(samples(text, 'boon_reactor_parked_events')).toEqual([
      { labels: expect.objectContaining({ reactor: 'badge-awards' }), value: 0 },
      { labels: expect.objectContaining({ reactor: 'answer-analysis' }), value: 0 },
      { labels: expect.objectContaining({ reactor: 'moderation' }), value: 0 },
    ]);

    const head = samples(text, 'boon_log_head_position')[0]!.value;
    expect(head).toBeGreaterThan(0);
    const positions = samples(text, 'boon_projection_checkpoint_position');
    expect(positions.map((s) => s.labels.projection)).toContain('responses-by-question');
    expect(samples(text, 'boon_projection_lag_events').every((s) => s.value >= 0)).toBe(true);
    // An API process runs no projection itself.
    expect(samples(text, 'boon_projection_lease_held').every((s) => s.value === 0)).toBe(true);

    expect(samples(text, 'process_cpu_user_seconds_total').length).toBe(1);
    expect(samples(text, 'nodejs_heap_size_used_bytes').length).toBe(1);
    expect(samples(text, 'process_cpu_user_seconds_total')[0]!.labels.role).toBe('api');
    socket.close();
  });

  it('answers only with the token when METRICS_TOKEN is set', async () => {
    expect((await scrape(api.url)).status).toBe(401);
    expect((await scrape(api.url, 'not-the-token-at-all')).status).toBe(401);
    const refused = await scrape(api.url, 'not-the-token-at-all');
    expect(refused.text).not.toContain('boon_');
    expect((await scrape(api.url, TOKEN)).status).toBe(200);
  });
});

describe('/metrics on a projector process', () => {
  it('reports the leases it holds, what it applied, and answers this machine only', async () => {
    const { status, text } = await scrape(projector.url);
    expect(status).toBe(200);
    const held = samples(text, 'boon_projection_lease_held');
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((s) => s.value === 1)).toBe(true);
    expect(samples(text, 'boon_projection_lease_changes_total')).toContainEqual({
      labels: expect.objectContaining({ change: 'taken', role: 'projector' }),
      value: 1,
    });
    expect(samples(text, 'boon_projection_events_applied_total').some((s) => s.value > 0)).toBe(
      true,
    );

    // Through a proxy (a forwarding header), it is not this machine asking.
    const proxied = await fetch(`${projector.url}/metrics`, {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(proxied.status).toBe(403);
  });
});

describe('who may read the metrics', () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ({
      socket: { remoteAddress },
      headers: { host: 'localhost:3000', ...headers },
    }) as unknown as IncomingMessage;

  it('without a token: direct connections from this machine only', () => {
    expect(metricsAccess(request('127.0.0.1'), undefined).allowed).toBe(true);
    expect(metricsAccess(request('::1'), undefined).allowed).toBe(true);
    expect(metricsAccess(request('10.0.0.7'), undefined)).toMatchObject({ status: 403 });
    expect(
      metricsAccess(request('127.0.0.1', { forwarded: 'for=198.51.100.1' }), undefined),
    ).toMatchObject({ status: 403 });
    expect(metricsAccess(request('127.0.0.1', { host: 'evil.example' }), undefined)).toMatchObject({
      status: 403,
    });
  });

  it('with a token: whoever sends it, from anywhere; nobody without it', () => {
    const token = 'sixteen-or-more-characters';
    expect(
      metricsAccess(request('10.0.0.7', { authorization: `Bearer ${token}` }), token).allowed,
    ).toBe(true);
    expect(metricsAccess(request('127.0.0.1'), token)).toMatchObject({ status: 401 });
    expect(
      metricsAccess(request('10.0.0.7', { authorization: `Bearer ${token}x` }), token),
    ).toMatchObject({ status: 401 });
  });
});

describe('command metrics', () => {
  it('count a conflict retried, then the command accepted', async () => {
    const app = await startTestApp();
    const metrics = createMetrics('all');
    let racersAhead = 1;
    // Another writer got to the stream first, once: the handler reads again and succeeds.
    const events: EventStore = {
      ...app.events,
      appendToStream: async (streamId, toAppend, expected) => {
        if (racersAhead-- > 0) throw new WrongExpectedRevisionError(streamId, 'no_stream', '0');
        return app.events.appendToStream(streamId, toAppend, expected);
      },
    };
    await app.newDay(new Date('2026-11-23T15:00:00Z'));
    await ensureQuestionOfTheDay({ ...app.ctx, events, metrics }, '2026-11-24');
    const text = await metrics.registry.metrics();
    expect(samples(text, 'boon_command_conflict_retries_total')).toContainEqual({
      labels: expect.objectContaining({ stream: 'question' }),
      value: 1,
    });
    expect(samples(text, 'boon_commands_total')).toContainEqual({
      labels: expect.objectContaining({ stream: 'question', outcome: 'accepted' }),
      value: 1,
    });
    await app.close();
  });
});
