import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { allProjections } from '../../projections';
import { spawnServer, type RealServer } from '../support/real-server';
import { readModelsAndRebuild } from '../support/rebuild-compare';
import { activation, appendEvents, submission } from '../support/seed';

/**
 * `npm run projections -- rebuild --all` cut short by the process running it: stopped
 * (SIGTERM, another process takes the leases at once) or killed (SIGKILL, the same process
 * started again takes them once they expire). Whoever holds the leases next goes on with the
 * rebuild from where it ended and swaps the new generations in.
 */

const LEASE_TTL_MS = 3000;
const ANSWERS = 40_000;
const dataDir = mkdtempSync(join(tmpdir(), 'boon-rebuild-resume-'));
const processes: RealServer[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** A process of this test, its log kept (the engine says there what it goes on with). */
const start = async (role: 'all' | 'projector') => {
  const server = await spawnServer(
    {
      ROLE: role,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'rebuild-resume-password',
      AUTH_SECRET: 'a-shared-secret-for-every-process-of-this-test',
      LEASE_TTL_MS: String(LEASE_TTL_MS),
    },
    { keepLog: true },
  );
  processes.push(server);
  return server;
};

type Standing = {
  name: string;
  generation: number;
  lagEvents: number;
  leaseOwner: string | null;
  rebuildCheckpoint: string | null;
};

/** Every projection's standing, as the process asked sees it (the ops status or /healthz). */
const standings = async (server: RealServer, role: 'all' | 'projector'): Promise<Standing[]> => {
  if (role === 'all') {
    const res = await fetch(`${server.url}/ops/projections`, { headers: { 'X-Boon-Ops': '1' } });
    return (await res.json()) as Standing[];
  }
  return ((await (await fetch(`${server.url}/healthz`)).json()) as { projections: Standing[] })
    .projections;
};

const rebuildAll = async (server: RealServer) => {
  const res = await fetch(`${server.url}/ops/projections/rebuild`, {
    method: 'POST',
    headers: { 'X-Boon-Ops': '1' },
  });
  expect(res.status).toBe(202);
};

/** Waits until the rebuild has committed units of its own, and none is swapped in yet. */
const halfWay = async (server: RealServer, before: Standing[]) => {
  await expect
    .poll(
      async () => {
        const now = await standings(server, 'all');
        const started = now.filter((s) => s.rebuildCheckpoint !== null).length;
        const swapped = now.filter(
          (s) => s.generation > before.find((b) => b.name === s.name)!.generation,
        ).length;
        return started > 0 && swapped === 0;
      },
      { timeout: 120_000, interval: 50 },
    )
    .toBe(true);
  return standings(server, 'all');
};

/** The builds a process took over when it took the leases, as its log says them. */
const resumedBuilds = (lines: string[]) =>
  lines
    .filter((line) => line.includes('building generations from the log'))
    .flatMap(
      (line) =>
        (
          JSON.parse(line) as {
            builds: { projection: string; reason: string; from: string | null }[];
          }
        ).builds,
    );

/** Every projection one generation further, its rebuild's state gone, caught up. */
const rebuiltOnce = (before: Standing[]) => async (now: Standing[]) =>
  now.every((s) => {
    const earlier = before.find((b) => b.name === s.name)!;
    return s.generation === earlier.generation + 1 && s.rebuildCheckpoint === null;
  });

describe('a rebuild of every projection cut short by its process', () => {
  it('is resumed by the next holder of the leases, from where it ended: after SIGTERM by another process, after SIGKILL by the same one started again', async () => {
    // History long enough for a rebuild to take several pages: answers, each handled by many
    // projections (no reactor acts on history: reactors start at the log's head).
    const stores = await openStores(
      loadConfig({ DATA_DIR: dataDir, SQLITE_SYNCHRONOUS: 'NORMAL' }),
      silentLogger(),
    );
    await appendEvents(stores.events, 'question-of-the-day-2026-02-01', [
      activation('2026-02-01', 1),
    ]);
    for (let from = 0; from < ANSWERS; from += 1000) {
      // Appends made together share a commit.
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          appendEvents(
            stores.events,
            `answers-${from + j * 100}`,
            Array.from({ length: 100 }, (_, k) => {
              const n = from + j * 100 + k;
              return submission(`r${n}`, 1, `a${n % 5000}`, '2026-02-01T15:00:00.000Z');
            }),
          ),
        ),
      );
    }
    await stores.close();
    const names = allProjections.map((p) => p.name);

    // SIGTERM: the process running the rebuild stops; a standby takes every lease at once.
    const first = await start('all');
    await expect
      .poll(async () => (await standings(first, 'all')).every((s) => s.lagEvents === 0), {
        timeout: 300_000,
        interval: 500,
      })
      .toBe(true);
    const standby = await start('projector');
    const before = await standings(first, 'all');
    await rebuildAll(first);
    const reached = await halfWay(first, before);
    await first.stop('SIGTERM');
    expect(first.exitCode()).toBe(0);
    await expect
      .poll(async () => rebuiltOnce(before)(await standings(standby, 'projector')), {
        timeout: 300_000,
        interval: 500,
      })
      .toBe(true);
    const tookOver = resumedBuilds(standby.logLines());
    expect(tookOver.map((b) => b.projection).sort()).toEqual([...names].sort());
    expect(tookOver.every((b) => b.reason === 'rebuild resumed')).toBe(true);
    // Each went on from where the stopped process had committed it (or further: units it
    // committed after the status was read).
    for (const { name, rebuildCheckpoint } of reached.filter((s) => s.rebuildCheckpoint)) {
      const from = tookOver.find((b) => b.projection === name)!.from;
      expect(BigInt(from ?? 0)).toBeGreaterThanOrEqual(BigInt(rebuildCheckpoint!));
    }

    // SIGKILL: the process running the rebuild dies; started again, it takes the leases once
    // they expire and goes on.
    await standby.stop('SIGTERM');
    const second = await start('all');
    const middle = await standings(second, 'all');
    await rebuildAll(second);
    const killedAt = await halfWay(second, middle);
    await second.stop('SIGKILL');
    const again = await start('all');
    await expect
      .poll(async () => rebuiltOnce(middle)(await standings(again, 'all')), {
        timeout: 300_000,
        interval: 500,
      })
      .toBe(true);
    const resumed = resumedBuilds(again.logLines());
    expect(resumed.map((b) => b.projection).sort()).toEqual([...names].sort());
    for (const { name, rebuildCheckpoint } of killedAt.filter((s) => s.rebuildCheckpoint)) {
      const from = resumed.find((b) => b.projection === name)!.from;
      expect(BigInt(from ?? 0)).toBeGreaterThanOrEqual(BigInt(rebuildCheckpoint!));
    }

    await again.stop('SIGTERM');
    const { stored, rebuilt, storedCaughtUp } = await readModelsAndRebuild(dataDir);
    expect(storedCaughtUp).toBe(true);
    expect(stored).toEqual(rebuilt);
  }, 900_000);
});
