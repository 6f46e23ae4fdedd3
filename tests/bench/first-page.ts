import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../api/server';
import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { createTestDatabase, postgresServer } from '../support/postgres';
import { spawnServer } from '../support/real-server';
import { appendAnswers, projectWithoutReactions, readerOfToday } from './community';
import { bareRoute, loadFrom } from './load';
import type { Figure } from './report';

const ON_QUESTION = Number(process.env.BENCH_PAGE_ANSWERS ?? 10_000);
const OVERALL = Number(process.env.BENCH_PAGE_DOCUMENTS ?? 200_000);
const RATE = 200;
const SECONDS = 15;
/** At the same rate before the measured seconds, so the figure is the steady state's. */
const WARM_UP_SECONDS = 3;

const load = (url: string, path: string, deviceId: string, seconds = SECONDS) =>
  loadFrom({
    url,
    method: 'GET',
    path,
    deviceIds: [deviceId],
    connections: 20,
    overallRate: RATE,
    seconds,
    paced: true,
  });

/**
 * The first page of a question's answers when that question has 10,000 and the read model
 * holds 200,000 answers overall, at 200 requests/s, served by a process of its own on the
 * engines `env` names (none: the embedded SQLite ones).
 */
const servePage = async (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-page-'));
  const config = loadConfig({
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  // Today's question and a reader who answered it, through the command path.
  const first = await startServer({ config, logger: silentLogger() });
  const reader = await readerOfToday(first.url);
  await first.close();
  // The community's answers straight into the log with no process running, then every read
  // model built as a rebuild would (reactions dropped): 200,000 answers through the live
  // reactions (analysis, badges) would take most of an hour on two cores and are measured
  // elsewhere. Not measured.
  const stores = await openStores(config, silentLogger());
  await appendAnswers(stores.events, reader.questionId, ON_QUESTION);
  // The rest of the community's answers, spread over a thousand other questions.
  const others = OVERALL - ON_QUESTION;
  for (let q = 0; q < 1000; q++) await appendAnswers(stores.events, 100_000 + q, others / 1000);
  await projectWithoutReactions(stores.events, stores.readStore);
  await stores.close();
  // A restart on that history, as `npm start` runs it (a process of its own): what is measured.
  const server = await spawnServer({ ...env, DATA_DIR: dataDir });
  const path = `/api/responses/${reader.questionId}`;
  const page = await fetch(`${server.url}${path}`, { headers: { 'x-device-id': reader.deviceId } });
  const body = await page.text();
  const total = page.headers.get('x-total-count');
  // The restart's own first requests are the restart bench's figures; this one is the page
  // served steadily, after both servers had the same warm-up.
  const warmUp = await load(server.url, path, reader.deviceId, WARM_UP_SECONDS);
  const app = await load(server.url, path, reader.deviceId);
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  return { app, warmUp, body, total, reader, complete: total === String(ON_QUESTION + 1) };
};

/** The first page on the embedded engines, against the same bytes from a bare Express route. */
export const firstPage = async (): Promise<Figure[]> => {
  const { app, warmUp, body, total, reader, complete } = await servePage({});
  const bare = await bareRoute({ method: 'GET', body });
  await load(bare.url, '/bare', reader.deviceId, WARM_UP_SECONDS);
  const baseline = await load(bare.url, '/bare', reader.deviceId);
  await bare.close();

  const p99 = app.p99;
  return [
    {
      name: `GET /api/responses/{q} first page p99: ${ON_QUESTION} answers on the question, ${OVERALL} overall, ${RATE} req/s`,
      value: p99,
      unit: 'ms',
      baseline: baseline.p99,
      baselineName: 'the same bytes from a bare Express route (a process of its own)',
      ratio: p99 / Math.max(baseline.p99, 1),
      target: '≤ 20 ms',
      // Every answer written (the reader's too) is counted: a read model that lost answers on
      // the way (it once did, keys pushed out of the cache read as erased) fails the row.
      met: p99 <= 20 && app.notOk === 0 && complete,
      note: `${app.ok} answered 200, ${app.notOk} not${app.notOk ? ` (${JSON.stringify(app.failures)})` : ''}; X-Total-Count ${total} of ${ON_QUESTION + 1} answers written; ${body.length} bytes a page; p50 ${app.p50.toFixed(1)} ms, baseline p50 ${baseline.p50.toFixed(1)} ms (requests evenly paced from a process of its own, latency from when each was due); measured after ${WARM_UP_SECONDS} s at the same rate, whose p99 right after the restart was ${warmUp.p99.toFixed(1)} ms (p50 ${warmUp.p50.toFixed(1)})`,
    },
  ];
};

/**
 * The same first page with the log and read models on PostgreSQL (a local server, a database of
 * the run's own), against the page on the embedded SQLite engines in the same run.
 */
export const postgresFirstPage = async (): Promise<Figure[]> => {
  const server = await postgresServer();
  if (!server.available) {
    console.log(`  skipped: no PostgreSQL (${server.skipReason})`);
    return [];
  }
  const embedded = await servePage({});
  const db = await createTestDatabase('boon_bench_page');
  const postgres = await servePage({ DATABASE_URL: db.url });
  await db.drop();
  const p99 = postgres.app.p99;
  return [
    {
      name: `GET /api/responses/{q} first page p99 on PostgreSQL: ${ON_QUESTION} answers on the question, ${OVERALL} overall, ${RATE} req/s`,
      value: p99,
      unit: 'ms',
      baseline: embedded.app.p99,
      baselineName: 'the same page on the embedded SQLite engines',
      ratio: p99 / Math.max(embedded.app.p99, 1),
      target: '≤ 20 ms',
      met: p99 <= 20 && postgres.app.notOk === 0 && postgres.complete,
      note: `${postgres.app.ok} answered 200, ${postgres.app.notOk} not; X-Total-Count ${postgres.total} of ${ON_QUESTION + 1}; p50 ${postgres.app.p50.toFixed(1)} ms; SQLite p50 ${embedded.app.p50.toFixed(1)} ms, p99 ${embedded.app.p99.toFixed(1)} ms; after ${WARM_UP_SECONDS} s at the same rate (PostgreSQL's p99 then ${postgres.warmUp.p99.toFixed(1)} ms)`,
    },
  ];
};
