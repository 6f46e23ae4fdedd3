import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { LOG_FILE, READ_MODELS_FILE } from '../../api/stores';
import { spawnServer } from '../support/real-server';
import type { Figure } from './report';
import { writeSyntheticLog } from './synthetic-log';
import { projectWithoutReactions } from './community';

const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
};

/**
 * Spawns `npm start`'s process on `dataDir`; seconds until it serves `/healthz` with every
 * projection caught up (lag 0), and its RSS.
 */
const timedStart = async (dataDir: string) => {
  const started = performance.now();
  const server = await spawnServer({ DATA_DIR: dataDir });
  let health = await fetch(`${server.url}/healthz`);
  for (;;) {
    const body = (await health.clone().json()) as { projections?: { lagEvents: number }[] };
    if ((body.projections ?? []).every((p) => p.lagEvents === 0)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
    health = await fetch(`${server.url}/healthz`);
  }
  const seconds = (performance.now() - started) / 1000;
  const rss = rssMiB(server.child.pid!);
  await server.stop('SIGTERM');
  return { seconds, rss, healthy: health.ok };
};

/**
 * Start-up of a process whose log holds about a million events and whose read models are
 * already built (a restart or a deploy), against the start-up of a fresh, empty install.
 */
export const startup = async (): Promise<Figure[]> => {
  const empty = mkdtempSync(join(tmpdir(), 'boon-bench-start-empty-'));
  const full = mkdtempSync(join(tmpdir(), 'boon-bench-start-full-'));
  try {
    const db = openSqlite(join(full, LOG_FILE), 'NORMAL');
    const written = writeSyntheticLog(db);
    db.close();
    // Every read model built first (not measured: the rebuild bench does). The synthetic
    // history is taken as already analysed: reactors' commands are dropped, as in a rebuild.
    const built = openSqlite(join(full, LOG_FILE), 'NORMAL');
    const store = openSqliteEventStore(built);
    const readDb = openSqlite(join(full, READ_MODELS_FILE), 'NORMAL');
    const readStore = openEmbeddedReadStore(readDb);
    await projectWithoutReactions(store, readStore);
    await readStore.close();
    await store.close();
    built.close();
    readDb.close();

    // A first start compiles the TypeScript into tsx's cache: warmed up on a throwaway folder,
    // so neither figure pays for it.
    const warmUp = mkdtempSync(join(tmpdir(), 'boon-bench-start-warm-'));
    await timedStart(warmUp);
    rmSync(warmUp, { recursive: true, force: true });
    const baseline = await timedStart(empty);
    const measured = await timedStart(full);
    return [
      {
        name: `start-up with ${(written / 1e6).toFixed(2)}M events and their read models`,
        value: measured.seconds,
        unit: 's',
        baseline: baseline.seconds,
        baselineName: 'start-up of an empty install',
        ratio: measured.seconds / baseline.seconds,
        target: '≤ 5 s',
        met: measured.seconds <= 5 && measured.healthy,
        note: `RSS ${measured.rss.toFixed(0)} MiB (empty install ${baseline.rss.toFixed(0)} MiB)`,
      },
    ];
  } finally {
    rmSync(empty, { recursive: true, force: true });
    rmSync(full, { recursive: true, force: true });
  }
};
