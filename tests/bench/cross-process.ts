import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';
import { spawnServer } from '../support/real-server';
import { appendAnswers, readerOfToday } from './community';
import { percentile, type Figure } from './report';

const RATE = 1000;
const SECONDS = 4;

/**
 * A projector process and an API process on one DATA_DIR; this process appends answers to the
 * shared log at 1,000 a second and a socket on the API process receives the notices. The API
 * learns of the projector's commits only from the store (its commit feed). Figure: append
 * acknowledgement → notice received, against the acknowledgement itself.
 */
export const crossProcess = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-cross-'));
  const env = { DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(40) };
  const projector = await spawnServer({ ...env, ROLE: 'projector' });
  const api = await spawnServer({ ...env, ROLE: 'api' });
  const db = openSqlite(join(dataDir, 'boon.sqlite'), 'NORMAL');
  const events = openSqliteEventStore(db);
  try {
    const reader = await readerOfToday(api.url);
    const notices: { position: bigint; at: number }[] = [];
    const socket = new WebSocket(`${api.url.replace('http', 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'identify', deviceId: reader.deviceId }));
        socket.send(
          JSON.stringify({ type: 'subscribe', topics: [`responses:${reader.questionId}`] }),
        );
      });
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { type: string; position?: string };
        if (message.type === 'subscribed') resolve();
        if (message.type === 'changed')
          notices.push({ position: BigInt(message.position!), at: performance.now() });
      });
    });
    const sent: { position: bigint; at: number; ack: number }[] = [];
    const pending: Promise<void>[] = [];
    for (let tick = 0; tick < SECONDS * 100; tick++) {
      const started = performance.now();
      for (let k = 0; k < RATE / 100; k++) {
        pending.push(
          appendAnswers(events, reader.questionId, 1).then((position) => {
            sent.push({ position, at: started, ack: performance.now() - started });
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10 - (performance.now() - started)));
    }
    await Promise.all(pending);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    socket.close();
    const latency = sent
      .map(({ position, at }) => {
        const notice = notices.find((n) => n.position >= position);
        return notice ? notice.at - at : Infinity;
      })
      .sort((a, b) => a - b);
    const acks = sent.map((s) => s.ack).sort((a, b) => a - b);
    const p99 = percentile(latency, 99);
    return [
      {
        name: `append → ws notice through a separate API process, p99 at ${RATE} appends/s`,
        value: p99,
        unit: 'ms',
        baseline: percentile(acks, 99),
        baselineName: 'append acknowledgement',
        ratio: p99 / Math.max(percentile(acks, 99), 0.001),
        target: '≤ 100 ms',
        met: p99 <= 100,
        note: `p50 ${percentile(latency, 50).toFixed(1)} ms; ${latency.filter(Number.isFinite).length}/${sent.length} notified`,
      },
    ];
  } finally {
    db.close();
    await Promise.all([api.stop('SIGTERM'), projector.stop('SIGTERM')]);
    rmSync(dataDir, { recursive: true, force: true });
  }
};
