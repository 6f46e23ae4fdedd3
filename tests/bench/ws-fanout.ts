import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { startServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { appendAnswers, readerOfToday } from './community';
import { percentile, type Figure } from './report';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 5000);
const ROUNDS = 20;

type Listener = (at: number) => void;

/** Opens `count` sockets; `hello` is what each sends once open, `ready` says it is listening. */
const openClients = async (
  url: string,
  hello: (socket: WebSocket) => void,
  ready: (message: { type: string }) => boolean,
  onChange: Listener,
) => {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < CLIENTS; start += 250) {
    await Promise.all(
      Array.from(
        { length: Math.min(250, CLIENTS - start) },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(url);
            sockets.push(socket);
            socket.once('error', reject);
            socket.once('open', () => hello(socket));
            socket.on('message', (raw) => {
              const message = JSON.parse(raw.toString()) as { type: string };
              if (ready(message)) resolve();
              if (message.type === 'changed') onChange(performance.now());
            });
          }),
      ),
    );
  }
  return sockets;
};

/** Waits until `received` reaches `expected` (or gives up after 10 s and says how many came). */
const until = async (count: () => number, expected: number) => {
  const deadline = performance.now() + 10_000;
  while (count() < expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/**
 * One notice to 5,000 sockets subscribed to one topic: from the append's acknowledgement to each
 * socket receiving it (so the projection's commit is inside the figure). Baseline: a bare `ws`
 * server sending the same message to the same number of sockets, timed from the send.
 */
export const wsFanout = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-fanout-'));
  const server = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: silentLogger(),
  });
  const reader = await readerOfToday(server.url);
  const topic = `responses:${reader.questionId}`;
  let received: number[] = [];
  const sockets = await openClients(
    `${server.url.replace('http', 'ws')}/ws`,
    (socket) => {
      socket.send(JSON.stringify({ type: 'identify', deviceId: reader.deviceId }));
      socket.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
    },
    (message) => message.type === 'subscribed',
    (at) => received.push(at),
  );
  const app: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    received = [];
    await appendAnswers(server.context.events, reader.questionId, 1);
    const acknowledged = performance.now();
    await until(() => received.length, CLIENTS);
    app.push(...received.map((at) => at - acknowledged));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  sockets.forEach((socket) => socket.terminate());
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });

  const bare = createServer();
  const wss = new WebSocketServer({ server: bare });
  wss.on('connection', (socket) => socket.once('message', () => socket.send('{"type":"ready"}')));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareSockets = await openClients(
    `ws://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    (socket) => socket.send('hello'),
    (message) => message.type === 'ready',
    (at) => received.push(at),
  );
  const base: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    received = [];
    const sent = performance.now();
    const notice = JSON.stringify({ type: 'changed', topic, position: String(round) });
    for (const client of wss.clients) client.send(notice);
    await until(() => received.length, CLIENTS);
    base.push(...received.map((at) => at - sent));
  }
  bareSockets.forEach((socket) => socket.terminate());
  wss.close();
  bare.close();

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
