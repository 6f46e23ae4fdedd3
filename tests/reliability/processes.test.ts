import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../domain/contracts/live';
import { allProjections } from '../../projections';
import { spawnServer, type RealServer } from '../support/real-server';
import { readModelsAndRebuild } from '../support/rebuild-compare';
import { call, register } from '../support/people';
import { createTestDatabase, postgresServer } from '../support/postgres';
import { newDeviceId } from '../support/test-app';

const LEASE_TTL_MS = 2000;
const processes: RealServer[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  for (const cleanup of cleanups) await cleanup();
});

const postgres = await postgresServer();
if (!postgres.available) console.warn(`[processes] PostgreSQL run skipped: ${postgres.skipReason}`);

/** The engines a run shares: one data folder, and on PostgreSQL a database of the run's own. */
const engineSet = async (engine: 'embedded' | 'postgres') => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-processes-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (engine === 'embedded') return { dataDir, env: {} as Record<string, string> };
  const db = await createTestDatabase('boon_processes');
  cleanups.push(() => db.drop());
  return { dataDir, env: { DATABASE_URL: db.url } };
};

type Health = { running: string[] };

const start = async (
  role: 'api' | 'projector',
  { dataDir, env }: Awaited<ReturnType<typeof engineSet>>,
) => {
  const process = await spawnServer({
    ...env,
    ROLE: role,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'process-test-password',
    DATA_DIR: dataDir,
    LEASE_TTL_MS: String(LEASE_TTL_MS),
    AUTH_SECRET: 'a-shared-secret-for-every-process-of-this-test',
  });
  processes.push(process);
  return process;
};

const health = async (p: RealServer): Promise<Health> =>
  (await fetch(`${p.url}/healthz`)).json() as Promise<Health>;

describe.each([
  ['one data folder', 'embedded' as const],
  ['PostgreSQL', 'postgres' as const],
])('two API processes and two projectors on %s', (_where, engine) => {
  it.skipIf(engine === 'postgres' && !postgres.available)(
    'survives kill -9 of the projector holding the leases: nothing lost, nothing applied twice',
    async () => {
      const engines = await engineSet(engine);
      const { dataDir } = engines;
      // The first projector takes every lease; the second, started after, stands by.
      const holder = await start('projector', engines);
      await expect
        .poll(async () => (await health(holder)).running.length, { timeout: 20_000 })
        .toBe(allProjections.length);
      const standby = await start('projector', engines);
      const [apiA, apiB] = [await start('api', engines), await start('api', engines)];
      const apis = [apiA, apiB];
      // (The standby may take a lease the holder was late to renew on a loaded machine: the
      // kill below then leaves it the rest.)

      const question = (await call(apiA.url, '/api/question/today', newDeviceId())).body as {
        id: number;
      };
      // A reader on API B, who answered first, follows the question live.
      const reader = await register(apiB.url);
      const readerAnswer = await call(apiB.url, '/api/responses', reader, {
        content: 'the reader answers first',
        questionId: question.id,
      });
      expect(readerAnswer.status).toBe(201);
      const live: ServerMessage[] = [];
      const socket = new WebSocket(`${apiB.url.replace('http', 'ws')}/ws`);
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as ServerMessage;
        live.push(message);
        if (message.type === 'identified') {
          socket.send(JSON.stringify({ type: 'subscribe', topics: [`responses:${question.id}`] }));
        }
      });
      socket.on('open', () => socket.send(JSON.stringify({ type: 'identify', deviceId: reader })));
      // Let in the moment it answered, whether or not API B's read model has the answer yet.
      await expect
        .poll(() => live.find((m) => m.type === 'subscribed'))
        .toMatchObject({
          topics: [`responses:${question.id}`],
          refused: [],
        });

      const answered: { id: string; position: bigint }[] = [];
      const echoes: string[] = [];
      /** Where each echo was written: a read must be at least as far to count it. */
      const echoed: bigint[] = [];
      const people = 24;
      let killedAt = 0;
      for (let i = 0; i < people; i++) {
        const api = apis[i % 2]!.url;
        const device = await register(api);
        const res = await call(api, '/api/responses', device, {
          content: `answer number ${i} from a person`,
          questionId: question.id,
        });
        expect(res.status).toBe(201);
        answered.push({ id: res.body.id, position: BigInt(res.body.position) });
        const target = answered[Math.floor(i / 2)]!;
        if (target.id !== res.body.id) {
          const echo = await call(
            apis[(i + 1) % 2]!.url,
            `/api/responses/${target.id}/echo`,
            device,
            {},
            target.position,
          );
          expect(echo.status).toBe(200);
          echoes.push(target.id);
          if (echo.body.position) echoed.push(BigInt(echo.body.position));
        }
        if (i === people / 2) {
          await holder.stop('SIGKILL');
          killedAt = Date.now();
        }
      }

      // The standby takes every lease over within the lease time (plus one lease check).
      await expect
        .poll(async () => (await health(standby)).running.length, { timeout: 15_000 })
        .toBe(allProjections.length);
      expect(Date.now() - killedAt).toBeLessThan(LEASE_TTL_MS + 2000 + 5000);

      // Every acknowledged answer shows through both APIs, with its echoes counted once.
      const last = [...answered.map((a) => a.position), ...echoed].reduce(
        (max, position) => (position > max ? position : max),
        0n,
      );
      // (A read that waited READ_WAIT_MS in vain answers stale, X-Read-Model-Stale: on a loaded
      // machine the standby may still be catching up, so the read is asked again until fresh.)
      const seenThrough = async (url: string) => {
        const res = await fetch(`${url}/api/responses/${question.id}?limit=100`, {
          headers: { 'X-Device-ID': reader, 'X-Min-Position': String(last) },
        });
        const list = (await res.json()) as { id: string; echoCount: number }[];
        const ids = new Set(list.map((r) => r.id));
        return {
          stale: res.headers.get('x-read-model-stale') === 'true',
          missing: answered.filter((a) => !ids.has(a.id)).map((a) => a.id),
          miscounted: list
            .filter(({ id, echoCount }) => echoCount !== echoes.filter((e) => e === id).length)
            .map(({ id }) => id),
        };
      };
      for (const api of apis) {
        await expect
          .poll(() => seenThrough(api.url), { timeout: 20_000 })
          .toEqual({ stale: false, missing: [], miscounted: [] });
      }
      // The reader on API B heard of writes made through API A, after the takeover too.
      // (Polled as the furthest position heard, so that a failure says how far it got.)
      const heard = () =>
        live.reduce(
          (max, m) => (m.type === 'changed' && BigInt(m.position) > max ? BigInt(m.position) : max),
          -1n,
        );
      await expect.poll(heard, { timeout: 10_000 }).toBeGreaterThanOrEqual(last);
      socket.close();

      await Promise.all(processes.map((p) => p.stop('SIGTERM')));
      // A stop does not wait for events appended by reactions in its last moments (badges,
      // analyses): the stored read models resume from their checkpoints, as a restart would.
      const { stored, rebuilt, behind, events } = await readModelsAndRebuild(dataDir, {
        env: engines.env,
        catchUpStored: true,
      });
      expect(behind).toEqual([]);
      expect(stored).toEqual(rebuilt);
      // echo_days counts with $inc: applied twice, a day would count more echoes than were given.
      const given = events.filter((e) => e.type === 'EchoGiven').length;
      const counted = (stored.echo_days ?? []).reduce((sum, d) => sum + Number(d.given), 0);
      expect(counted).toBe(given);
    },
    120_000,
  );
});
