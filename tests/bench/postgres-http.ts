import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { spawnServer } from '../support/real-server';
import { createTestDatabase, postgresServer } from '../support/postgres';
import { caughtUp, measure, registerDevices, WARM_UP } from './http-throughput';
import type { Figure } from './report';

/**
 * RespondToQuestion over HTTP on one engine set: devices registered in-process (not measured),
 * then an API process (`ROLE=api`) beside a projector, each a process of its own, as deployed.
 */
const onEngine = async (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-pg-http-'));
  try {
    const setup = await startServer({
      config: loadConfig({
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      }),
      logger: silentLogger(),
      // Thousands of registrations from one address: past the per-address quota on purpose.
      quotas: { enforce: () => {}, spend: () => {} },
    });
    const { devices, questionId } = await registerDevices(setup.url);
    await setup.close();
    const projector = await spawnServer({ ...env, DATA_DIR: dataDir, ROLE: 'projector' });
    const api = await spawnServer({ ...env, DATA_DIR: dataDir, ROLE: 'api' });
    await caughtUp(projector.url);
    const run = await measure(api.url, devices, questionId);
    await Promise.all([api.stop('SIGTERM'), projector.stop('SIGTERM')]);
    return { ...run, measured: devices.length - WARM_UP };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * RespondToQuestion over HTTP with the log and read models on PostgreSQL (a local server, a
 * database of the run's own), against the same run on the embedded SQLite engines.
 */
export const postgresHttp = async (): Promise<Figure[]> => {
  const server = await postgresServer();
  if (!server.available) {
    console.log(`  skipped: no PostgreSQL (${server.skipReason})`);
    return [];
  }
  const db = await createTestDatabase('boon_bench_http');
  const embedded = await onEngine({});
  const postgres = await onEngine({ DATABASE_URL: db.url });
  await db.drop();
  const rate = (run: typeof embedded) => run.result.ok / run.seconds;
  const value = rate(postgres);
  const base = rate(embedded);
  return [
    {
      name: `HTTP RespondToQuestion on PostgreSQL, ROLE=api beside ROLE=projector, ${postgres.measured} distinct devices`,
      value,
      unit: 'req/s',
      baseline: base,
      baselineName: 'the same run on the embedded SQLite engines',
      ratio: value / base,
      target: '≥ 0.7',
      met: value / base >= 0.7 && postgres.result.ok === postgres.measured,
      note: `${postgres.result.ok}/${postgres.measured} answered 201 on PostgreSQL (p50 ${postgres.result.p50} ms, p99 ${postgres.result.p99} ms); SQLite ${embedded.result.ok}/${embedded.measured} (p50 ${embedded.result.p50} ms, p99 ${embedded.result.p99} ms); each warmed up by ${WARM_UP} answers, the load from a process of its own`,
    },
  ];
};
