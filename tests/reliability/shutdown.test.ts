import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import { spawnServer, type RealServer } from '../support/real-server';
import { fetchAllPages } from '../support/paging';
import { readModelsAndRebuild } from '../support/rebuild-compare';
import { newDeviceId } from '../support/test-app';

// Leases that last ten minutes, longer than this test may run: a takeover within it can only
// come from a release.
const LEASE_TTL_MS = 600_000;
const dataDir = mkdtempSync(join(tmpdir(), 'boon-shutdown-'));
const processes: RealServer[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async (role: 'api' | 'projector') => {
  const process = await spawnServer({
    ROLE: role,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'shutdown-test-password',
    DATA_DIR: dataDir,
    LEASE_TTL_MS: String(LEASE_TTL_MS),
    AUTH_SECRET: 'a-shared-secret-for-every-process-of-this-test',
    // Password work runs at the lowest priority: on a busy machine it may take a while.
    SHUTDOWN_GRACE_MS: '60000',
  });
  processes.push(process);
  return process;
};

type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
/** What a request came to: an answer, or an error before any answer (and which). */
type Outcome = { answer: Answer } | { error: string };

const send = async (
  base: string,
  path: string,
  deviceId: string,
  body?: unknown,
  after?: string,
): Promise<Outcome> => {
  try {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Device-ID': deviceId,
        ...(after ? { 'X-Min-Position': after } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { answer: { status: res.status, body: await res.json() } };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? String(error) };
  }
};

const answered = (outcome: Outcome): Answer => {
  if ('error' in outcome) throw new Error(`no answer: ${outcome.error}`);
  return outcome.answer;
};

const health = async (p: RealServer) =>
  (await (await fetch(`${p.url}/healthz`)).json()) as {
    running: string[];
    projections: { lagEvents: number }[];
  };

describe('SIGTERM under load', () => {
  it('answers what it took in, closes sockets with 1001, hands the leases on at once, and loses nothing', async () => {
    const holder = await start('projector');
    const standby = await start('projector');
    const [apiA, apiB] = [await start('api'), await start('api')];
    expect((await health(holder)).running.length).toBeGreaterThan(0);
    expect((await health(standby)).running).toEqual([]);
    const projections = (await health(holder)).running.length;
    const question = answered(await send(apiA.url, '/api/question/today', newDeviceId())).body
      .id as number;

    const closes: number[] = [];
    const socket = new WebSocket(`${apiA.url.replace('http', 'ws')}/ws`);
    socket.on('close', (code) => closes.push(code));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'identify', deviceId: newDeviceId() }));

    // Writers go through both APIs; one that finds an API gone moves to the other, as a
    // proxy does. Every write either gets its answer or never took effect.
    const acknowledged: { id: string; position: bigint; deviceId: string }[] = [];
    const unanswered: { deviceId: string; stage: 'setup' | 'respond'; error: string }[] = [];
    let alive = [apiA.url, apiB.url];
    let stopping = false;
    const lost = (base: string) => {
      alive = alive.filter((url) => url !== base);
    };
    // However the test ends, the writers stop with it.
    onTestFinished(() => {
      stopping = true;
    });
    const writer = async (w: number) => {
      for (let i = 0; !stopping; i++) {
        if (alive.length === 0) throw new Error('no API left to write to');
        const base = alive[(w + i) % alive.length]!;
        const deviceId = newDeviceId();
        const offers = await send(base, '/api/user/generate-pseudonyms', deviceId, {});
        if ('error' in offers) {
          lost(base);
          continue;
        }
        const setup = await send(base, '/api/user/setup', deviceId, {
          pseudonym: offers.answer.body.pseudonyms[0],
          privacyConsent: true,
          termsConsent: true,
        });
        if ('error' in setup) {
          lost(base);
          unanswered.push({ deviceId, stage: 'setup', error: setup.error });
          continue;
        }
        if (setup.answer.status !== 201) continue;
        const respond = await send(base, '/api/responses', deviceId, {
          content: `writer ${w} answers, time ${i}`,
          questionId: question,
        });
        if ('error' in respond) {
          lost(base);
          unanswered.push({ deviceId, stage: 'respond', error: respond.error });
          continue;
        }
        if (respond.answer.status !== 201) {
          throw new Error(
            `answer refused: ${respond.answer.status} ${JSON.stringify(respond.answer.body)}`,
          );
        }
        const { id, position } = respond.answer.body as { id: string; position: string };
        acknowledged.push({ id, position: BigInt(position), deviceId });
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(20);

    // Password work is slow: these sign-ups are still under way when SIGTERM arrives.
    const signUps = [1, 2].map((n) =>
      send(apiA.url, '/api/auth/signup', newDeviceId(), {
        email: `shutdown-${n}@example.org`,
        password: `a long enough password ${n}`,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = acknowledged.length;
    await Promise.all([apiA.stop('SIGTERM'), holder.stop('SIGTERM')]);

    expect(apiA.exitCode()).toBe(0);
    expect(holder.exitCode()).toBe(0);
    expect(closes).toEqual([1001]);
    for (const signUp of signUps) expect(answered(await signUp).status).toBe(202);

    // The standby takes every lease at its next lease check, long before they could expire.
    await expect
      .poll(async () => (await health(standby)).running.length, { timeout: 60_000 })
      .toBe(projections);

    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(before + 20);
    stopping = true;
    await Promise.all(writers);
    await expect
      .poll(async () => (await health(standby)).projections.every((p) => p.lagEvents === 0), {
        timeout: 20_000,
      })
      .toBe(true);

    // Every acknowledged answer shows through the API that stayed...
    const last = acknowledged.reduce((max, a) => (a.position > max ? a.position : max), 0n);
    const listed = await fetchAllPages<{ id: string }>(
      `${apiB.url}/api/responses/${question}?limit=100`,
      { 'X-Device-ID': acknowledged[0]!.deviceId, 'X-Min-Position': String(last) },
    );
    const shown = new Set(listed.map((r) => r.id));
    expect(acknowledged.filter((a) => !shown.has(a.id))).toEqual([]);
    // ...and a request left without an answer never took effect.
    for (const { deviceId, stage } of unanswered) {
      const check =
        stage === 'setup'
          ? answered(await send(apiB.url, '/api/device/me/pseudonym', deviceId)).status
          : answered(await send(apiB.url, '/api/user/has-responded', deviceId)).body.hasResponded;
      expect({ deviceId, stage, check }).toEqual({
        deviceId,
        stage,
        check: stage === 'setup' ? 404 : false,
      });
    }

    await Promise.all(processes.map((p) => p.stop('SIGTERM')));
    expect(processes.map((p) => p.exitCode())).toEqual([0, 0, 0, 0]);
    // Reactors append (badges) after the batch that asked: a stop may come before every
    // projection has read those, so the stored read models resume first, as a restart would.
    const { stored, rebuilt, behind } = await readModelsAndRebuild(dataDir, {
      catchUpStored: true,
    });
    expect(behind).toEqual([]);
    expect(stored).toEqual(rebuilt);
  }, 180_000);
});
