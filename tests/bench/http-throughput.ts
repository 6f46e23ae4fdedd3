import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { bareRoute, loadFrom } from './load';
import type { Figure } from './report';

const CONNECTIONS = 10;
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

/** RespondToQuestion over HTTP, one distinct registered device per request, vs a bare Express JSON route. */
export const httpThroughput = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-http-'));
  const server = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: silentLogger(),
    // Thousands of registrations from one address: past the per-address quota on purpose.
    quotas: { enforce: () => {}, spend: () => {} },
  });
  // Register devices first (not measured). The pseudonym lists give 3,000 names: as many devices.
  const devices: string[] = [];
  const names = (await (await fetch(`${server.url}/api/question/today`)).json()) as { id: number };
  const questionId = names.id;
  for (let batch = 0; devices.length < 2500 && batch < 200; batch++) {
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        const deviceId = randomBytes(16).toString('base64url');
        const offered = (await (
          await fetch(`${server.url}/api/user/generate-pseudonyms`, { method: 'POST' })
        ).json()) as {
          pseudonyms: string[];
        };
        if (!offered.pseudonyms[0]) return;
        const res = await fetch(`${server.url}/api/user/setup`, {
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
  const app = await run(server.url, '/api/responses', devices, BODY(questionId));
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });

  const bare = await bareRoute({ method: 'POST', body: JSON.stringify({ ok: true }) });
  // The bare route's process is new: one unmeasured run first, as Boon's was warmed by the
  // registrations before its run.
  await run(bare.url, '/bare', devices, BODY(questionId));
  const baseline = await run(bare.url, '/bare', devices, BODY(questionId));
  await bare.close();

  const ok = app.result.ok;
  const value = ok / app.seconds;
  const base = baseline.result.ok / baseline.seconds;
  return [
    {
      name: `HTTP RespondToQuestion, ${devices.length} distinct devices, ${CONNECTIONS} connections`,
      value,
      unit: 'req/s',
      baseline: base,
      baselineName: 'bare Express JSON route (a process of its own)',
      ratio: value / base,
      target: '≥ 0.5',
      met: value / base >= 0.5 && ok === devices.length,
      note: `${ok}/${devices.length} answered 201; latency p50 ${app.result.p50} ms, p99 ${app.result.p99} ms (the load from a process of its own)`,
    },
  ];
};
