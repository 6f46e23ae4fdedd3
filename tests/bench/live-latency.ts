import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { readerOfToday } from './community';
import { percentile, type Figure } from './report';

const RATE = 1000;
const SECONDS = 4;

/**
 * Appends ResponseSubmitted events straight to the running app's event store at a fixed
 * rate and measures, per command: the append's acknowledgement, the read model reaching
 * it, and a subscribed ws client receiving the notice.
 */
export const liveLatency = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-live-'));
  const server = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: silentLogger(),
  });
  const reader = await readerOfToday(server.url);
  const question = { id: reader.questionId };
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
  const noticeAt: { position: bigint; at: number }[] = [];
  await new Promise<void>((resolve) => {
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'identify', deviceId: reader.deviceId }));
      socket.send(JSON.stringify({ type: 'subscribe', topics: [`responses:${question.id}`] }));
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; position?: string };
      if (message.type === 'subscribed') resolve();
      if (message.type === 'changed')
        noticeAt.push({ position: BigInt(message.position!), at: performance.now() });
    });
  });

  const ack: number[] = [];
  const visible: number[] = [];
  const sent: { position: bigint; at: number }[] = [];
  const total = RATE * SECONDS;
  const perTick = RATE / 100;
  const pending: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    let issued = 0;
    const timer = setInterval(() => {
      for (let k = 0; k < perTick && issued < total; k++, issued++) {
        const started = performance.now();
        const id = randomUUID();
        pending.push(
          server.context.events
            .appendToStream(
              `responder-bench-${id}`,
              [
                {
                  id: randomUUID(),
                  type: 'ResponseSubmitted',
                  metadata: { v: 1 },
                  data: {
                    responseId: id,
                    questionId: question.id,
                    authorId: id,
                    pseudonym: 'Bench Owl',
                    content: 'a benchmark answer here',
                    spectrumPosition: null,
                    day: '2026-11-22',
                    at: new Date().toISOString(),
                  },
                },
              ],
              'no_stream',
            )
            .then(async ({ position }) => {
              ack.push(performance.now() - started);
              sent.push({ position, at: started });
              await server.context.readModels.waitFor(position, ['responses-by-question'], 10_000);
              visible.push(performance.now() - started);
            }),
        );
      }
      if (issued >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 200));
  socket.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });

  // A notice covers every command at or before its position.
  const notified = sent.map(({ position, at }) => {
    const notice = noticeAt.find((n) => n.position >= position);
    return notice ? notice.at - at : Infinity;
  });
  const sort = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const [a, v, n] = [sort(ack), sort(visible), sort(notified)];
  const figure = (name: string, xs: number[], p: number, target: number): Figure => ({
    name: `${name} p${p} at ${RATE} commands/s`,
    value: percentile(xs, p),
    unit: 'ms',
    baseline: percentile(a, p),
    baselineName: 'append acknowledgement',
    ratio: percentile(xs, p) / Math.max(percentile(a, p), 0.001),
    target: `≤ ${target} ms`,
    met: percentile(xs, p) <= target,
  });
  return [
    figure('append → read model visible', v, 50, 20),
    figure('append → read model visible', v, 99, 20),
    figure('append → ws notice received', n, 50, 50),
    figure('append → ws notice received', n, 99, 50),
  ];
};
