import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { allProjections } from '../../projections';
import { spawnServer, type RealServer } from '../support/real-server';
import { activation, appendEvents, submission } from '../support/seed';
import { newDeviceId } from '../support/test-app';

/**
 * The deployed layout (ROLE=api beside ROLE=projector on one data folder): `npm run
 * projections -- rebuild --all` asked of the API process follows every rebuild the projector
 * runs to its end, while readers keep reading and none of their requests fails.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'boon-rebuild-all-'));
const processes: RealServer[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async (role: 'api' | 'projector') => {
  const server = await spawnServer({
    ROLE: role,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'rebuild-test-password',
    AUTH_SECRET: 'a-shared-secret-for-both-processes-of-this-test',
    LEASE_TTL_MS: '3000',
  });
  processes.push(server);
  return server;
};

type Standing = { name: string; generation: number; lagEvents: number; leaseOwner: string | null };

const status = async (api: RealServer): Promise<Standing[]> =>
  (await fetch(`${api.url}/ops/projections`, { headers: { 'X-Boon-Ops': '1' } })).json() as Promise<
    Standing[]
  >;

const json = async (api: RealServer, path: string, deviceId: string, body?: unknown) => {
  const res = await fetch(`${api.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

const projections = (port: string, args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/tool.mjs', 'projections', ...args, '--port', port],
      { timeout: 400_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
        }),
    );
  });

describe('npm run projections -- rebuild --all where Boon is deployed', () => {
  it('follows every rebuild the projector runs to its end, under read load, with no failed request', async () => {
    // History enough for the rebuilds to take a while: an answer and 6,000 reactions to it
    // (events no reactor acts on: the processes start with nothing to ask for).
    const stores = await openStores(
      loadConfig({ DATA_DIR: dataDir, SQLITE_SYNCHRONOUS: 'NORMAL' }),
      silentLogger(),
    );
    await appendEvents(stores.events, 'question-of-the-day-2026-02-01', [
      activation('2026-02-01', 1),
    ]);
    await appendEvents(stores.events, 'responder-a', [
      submission('r1', 1, 'a', '2026-02-01T15:00:00.000Z'),
    ]);
    for (let batch = 0; batch < 30; batch++) {
      // Appends made together share a commit.
      await Promise.all(
        Array.from({ length: 200 }, (_, j) =>
          appendEvents(stores.events, `reactor-${j}`, [
            {
              type: batch % 2 === 0 ? 'ReactionAdded' : 'ReactionRemoved',
              data: {
                responseId: 'r1',
                questionId: 1,
                actorId: `reader-${j}`,
                emoji: '💡',
                at: '2026-02-01T16:00:00.000Z',
              },
            },
          ]),
        ),
      );
    }
    await stores.close();

    await start('projector');
    const api = await start('api');
    const port = new URL(api.url).port;
    await expect
      .poll(async () => (await status(api)).every((s) => s.lagEvents === 0 && s.leaseOwner), {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(true);
    const before = await status(api);

    // A reader who answered today, reading what three projections serve, without pause.
    const reader = newDeviceId();
    const offers = await json(api, '/api/user/generate-pseudonyms', reader, {});
    const setup = await json(api, '/api/user/setup', reader, {
      pseudonym: offers.body.pseudonyms[0],
      privacyConsent: true,
      termsConsent: true,
    });
    expect(setup.status).toBe(201);
    const today = await json(api, '/api/question/today', reader);
    expect(today.status).toBe(200);
    const answered = await json(api, '/api/responses', reader, {
      content: 'Keeping a promise matters even when it costs me something.',
      questionId: today.body.id,
    });
    expect(answered.status).toBe(201);
    // The reader's own answer read back once (read-your-writes) before the load starts: from
    // then on every read must succeed, whatever the rebuilds do.
    const seen = await fetch(`${api.url}/api/responses/${today.body.id}`, {
      headers: { 'X-Device-ID': reader, 'X-Min-Position': answered.body.position },
    });
    expect(seen.status).toBe(200);
    const paths = [
      '/api/question/today',
      `/api/responses/${today.body.id}`,
      '/api/sentiment?days=7',
    ];
    let reading = true;
    const failures: string[] = [];
    let reads = 0;
    const readers = Array.from({ length: 3 }, async (_, i) => {
      while (reading) {
        const path = paths[(reads + i) % paths.length]!;
        const res = await fetch(`${api.url}${path}`, { headers: { 'X-Device-ID': reader } });
        await res.arrayBuffer();
        reads++;
        if (res.status !== 200) failures.push(`${path}: ${res.status}`);
      }
    });

    const rebuilt = await projections(port, ['rebuild', '--all']);
    reading = false;
    await Promise.all(readers);

    expect(rebuilt.code, rebuilt.stdout + rebuilt.stderr).toBe(0);
    const names = allProjections.map((p) => p.name);
    expect(rebuilt.stdout).toContain(`${names.length} asked of the process running them`);
    for (const name of names)
      expect(rebuilt.stdout).toMatch(new RegExp(`^${name}: rebuilt into generation \\d+$`, 'm'));
    expect(rebuilt.stdout).toMatch(
      new RegExp(`^${names.length} of ${names.length} rebuilt in [\\d.]+ s$`, 'm'),
    );
    expect(rebuilt.stderr).toBe('');
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(10);
    const after = await status(api);
    for (const projection of before) {
      expect(after.find((s) => s.name === projection.name)!.generation).toBeGreaterThan(
        projection.generation,
      );
    }
  }, 420_000);
});
