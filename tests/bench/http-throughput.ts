import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { spawnServer } from '../support/real-server';
import { bareRoute, loadFrom } from './load';
import type { Figure } from './report';

const CONNECTIONS = 10;
export const WARM_UP = 400;
const BODY = (questionId: number) =>
  JSON.stringify({ content: 'A short but sincere answer to the question.', questionId });

/** One amount-bounded run, from a process of its own, timed by the load's own clock. */
const run = async (url: string, path: string, deviceIds: string[], body: string) => {
  const result = await loadFrom({
    url,
    method: 'POST',
    path,
    body,
    deviceIds,
    connections: CONNECTIONS,
    amount: deviceIds.length,
  });
  return { result, seconds: result.seconds };
};

/** Until every projection the process can see is at lag 0 (its `/healthz` lists them). */
export const caughtUp = async (url: string) => {
  for (let tries = 0; tries < 600; tries++) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as {
      projections?: { lagEvents: number; state: string }[];
    };
    const projections = health.projections ?? [];
    if (projections.length > 0 && projections.every((p) => p.lagEvents === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`projections at ${url} did not catch up`);
};

/** A run of its own on a new process: the first devices warm it up, the rest are measured. */
export const measure = async (url: string, devices: string[], questionId: number) => {
  await run(url, '/api/responses', devices.slice(0, WARM_UP), BODY(questionId));
  return run(url, '/api/responses', devices.slice(WARM_UP), BODY(questionId));
};

/**
 * Registered devices to answer with, through the API (not measured), and today's question. The
 * pseudonym lists give 3,000 names: as many devices.
 */
export const registerDevices = async (url: string) => {
  const devices: string[] = [];
  const questionId = ((await (await fetch(`${url}/api/question/today`)).json()) as { id: number })
    .id;
  for (let batch = 0; devices.length < WARM_UP + 2500 && batch < 200; batch++) {
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        const deviceId = randomBytes(16).toString('base64url');
        const offered = (await (
          await fetch(`${url}/api/user/generate-pseudonyms`, { method: 'POST' })
        ).json()) as {
          pseudonyms: string[];
        };
        if (!offered.pseudonyms[0]) return;
        const res = await fetch(`${url}/api/user/setup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-device-id': deviceId },
          body: JSON.stringify({
            pseudonym: offered.pseudonyms[0],
            privacyConsent: true,
            termsConsent: true,
          }),
        });
        if (res.status === 201) devices.push(deviceId);
      }),
    );
  }
  return { devices, questionId };
};

/**
 * RespondToQuestion over HTTP, one distinct registered device per request, vs a bare Express
 * JSON route, each a process of its own. Boon runs as `npm start` runs it (`ROLE=all`), then as
 * an API process beside a projector on a copy of the same data folder.
 */
export const httpThroughput = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-http-'));
  const splitDir = `${dataDir}-split`;
  const aloneDir = `${dataDir}-alone`;
  const server = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: silentLogger(),
    // Thousands of registrations from one address: past the per-address quota on purpose.
    quotas: { enforce: () => {}, spend: () => {} },
  });
  // Register devices first (not measured).
  const { devices, questionId } = await registerDevices(server.url);
  await server.close();
  cpSync(dataDir, splitDir, { recursive: true });
  cpSync(dataDir, aloneDir, { recursive: true });
  const measured = devices.length - WARM_UP;

  const all = await spawnServer({ DATA_DIR: dataDir });
  await caughtUp(all.url);
  const single = await measure(all.url, devices, questionId);
  await all.stop('SIGTERM');

  const projector = await spawnServer({ DATA_DIR: splitDir, ROLE: 'projector' });
  const api = await spawnServer({ DATA_DIR: splitDir, ROLE: 'api' });
  await caughtUp(projector.url);
  const split = await measure(api.url, devices, questionId);
  await Promise.all([api.stop('SIGTERM'), projector.stop('SIGTERM')]);

  // The command path alone: an API process whose projector runs elsewhere (on another machine
  // when deployed that way; here it starts once the load is over, and its catch-up is timed).
  const alone = await spawnServer({ DATA_DIR: aloneDir, ROLE: 'api' });
  const apiOnly = await measure(alone.url, devices, questionId);
  await alone.stop('SIGTERM');
  const catchUpStarted = performance.now();
  const lateProjector = await spawnServer({ DATA_DIR: aloneDir, ROLE: 'projector' });
  await caughtUp(lateProjector.url);
  const catchUpSeconds = (performance.now() - catchUpStarted) / 1000;
  await lateProjector.stop('SIGTERM');
  for (const dir of [dataDir, splitDir, aloneDir]) rmSync(dir, { recursive: true, force: true });

  const bare = await bareRoute({ method: 'POST', body: JSON.stringify({ ok: true }) });
  // The bare route's process is new too: one unmeasured run first. Its run lasts about a
  // second, so a single one swings by 2× on a shared machine: the median of three is taken.
  await run(bare.url, '/bare', devices.slice(0, WARM_UP), BODY(questionId));
  const rates: number[] = [];
  for (let round = 0; round < 3; round++) {
    const { result, seconds } = await run(
      bare.url,
      '/bare',
      devices.slice(WARM_UP),
      BODY(questionId),
    );
    rates.push(result.ok / seconds);
  }
  await bare.close();

  const base = rates.sort((a, b) => a - b)[1]!;
  const figure = (shape: string, measuredRun: typeof single, more = ''): Figure => {
    const ok = measuredRun.result.ok;
    const value = ok / measuredRun.seconds;
    return {
      name: `HTTP RespondToQuestion, ${shape}, ${measured} distinct devices, ${CONNECTIONS} connections`,
      value,
      unit: 'req/s',
      baseline: base,
      baselineName: 'bare Express JSON route (a process of its own, median of three runs)',
      ratio: value / base,
      target: '≥ 0.5',
      met: value / base >= 0.5 && ok === measured,
      note: `${ok}/${measured} answered 201; latency p50 ${measuredRun.result.p50} ms, p99 ${measuredRun.result.p99} ms (each a process of its own, warmed up by ${WARM_UP} answers; the load from a process of its own)${more}`,
    };
  };
  return [
    figure('ROLE=all', single),
    figure('ROLE=api beside ROLE=projector', split),
    figure(
      'ROLE=api, its projector elsewhere (here: started after the load)',
      apiOnly,
      `; the projector then caught up with all ${WARM_UP + measured} answers and their reactions in ${catchUpSeconds.toFixed(1)} s from its start`,
    ),
  ];
};
