import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { appendAnswers, readerOfToday } from './community';
import { percentile, type Figure } from './report';
import { bareBroadcast, epochNow, openFleet } from './socket-fanout';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 5000);
const ROUNDS = 20;

/**
 * One notice to 5,000 sockets subscribed to one topic: from the append's acknowledgement to each
 * socket receiving it (so the projection's commit is inside the figure). An answer concerns two
 * projections that notify the topic (the answers, the shared perspectives), each commit with its
 * own notice: each socket's first notice of the round is timed. Baseline: a bare `ws` server
 * sending the same message to the same number of sockets, timed from the send. The client
 * sockets run in a process of their own in both.
 */
export const wsFanout = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-fanout-'));
  const server = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // The fleet is one client on one machine, as no real one is: the cap makes way for it.
      MAX_CONNECTIONS: String(Math.max(10_000, 2 * CLIENTS)),
      LIVE_SOCKETS_PER_ADDRESS: String(CLIENTS + 10),
    }),
    logger: silentLogger(),
  });
  const reader = await readerOfToday(server.url);
  const topic = `responses:${reader.questionId}`;
  const fleet = await openFleet({
    url: `${server.url.replace('http', 'ws')}/ws`,
    count: CLIENTS,
    batch: 250,
    hello: [
      JSON.stringify({ type: 'identify', deviceId: reader.deviceId }),
      JSON.stringify({ type: 'subscribe', topics: [topic] }),
    ],
    ready: 'subscribed',
    timed: 'changed',
  });
  const app: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fleet.round();
    const appended = await appendAnswers(server.context.events, reader.questionId, 1);
    const acknowledged = epochNow();
    // Notices of earlier positions (a round before's second notice) don't count.
    app.push(...(await fleet.collect(appended)).map((at) => at - acknowledged));
  }
  await fleet.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });

  const base = await bareBroadcast(CLIENTS, ROUNDS, (round) => ({
    type: 'changed',
    topic,
    position: String(round),
  }));

  const sorted = [...app].sort((a, b) => a - b);
  const baseSorted = [...base].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  return [
    {
      name: `one notice to ${CLIENTS} ws clients on one topic, p99 after the append`,
      value: p99,
      unit: 'ms',
      baseline: percentile(baseSorted, 99),
      baselineName: 'a bare ws server sending to as many sockets',
      ratio: p99 / Math.max(percentile(baseSorted, 99), 0.001),
      target: '≤ 250 ms',
      met: p99 <= 250 && app.length === CLIENTS * ROUNDS,
      note: `${app.length}/${CLIENTS * ROUNDS} notices received; p50 ${percentile(sorted, 50).toFixed(1)} ms`,
    },
  ];
};
