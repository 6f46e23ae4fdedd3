import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { openSqlite } from '../../infra/sqlite';
import { spawnServer } from '../support/real-server';
import type { Figure } from './report';
import { writeSyntheticLog } from './synthetic-log';

const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
};

/** Spawns `npm start`'s process on `dataDir`; seconds until it serves `/healthz`, and its RSS. */
const timedStart = async (dataDir: string) => {
  const started = performance.now();
  const server = await spawnServer({ DATA_DIR: dataDir });
  const health = await fetch(`${server.url}/healthz`);
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
    const db = openSqlite(join(full, 'boon.sqlite'), 'NORMAL');
    const written = writeSyntheticLog(db);
    db.close();
    // The first start builds every read model; not measured here (the rebuild bench does).
    const first = await startServer({
      config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: full, LOG_LEVEL: 'silent' }),
      logger: silentLogger(),
    });
    const head = (await first.context.events.headPosition())!;
    const names = first.context.readModels.projections.map((p) => p.name);
    await first.context.readModels.waitFor(head, names, 1_800_000);
    await first.close();

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
