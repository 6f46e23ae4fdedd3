import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { createTestDatabase, postgresServer } from '../support/postgres';
import { percentile, type Figure } from './report';

const CALLERS = 64;
const OFFERED_RATE = 1000;

/** Single-event commands by concurrent callers through the store (group commit), events/s. */
const storeRate = async (url: string, seconds: number) => {
  const store = await openPostgresEventStore({ connectionString: url });
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, n) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await store.appendToStream(
          `bench-${n}`,
          [{ id: randomUUID(), type: 'BenchAppended', data: { n, i }, metadata: { v: 1 } }],
          i === 0 ? 'no_stream' : BigInt(i - 1),
        );
        count++;
      }
    }),
  );
  await store.close();
  return count / seconds;
};

/**
 * The baseline: the same rows inserted raw through `pg`, as many batches at once as the store
 * has callers' worth of work, one multi-row INSERT transaction per batch of `CALLERS` rows.
 */
const rawRate = async (url: string, seconds: number) => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query(
    `CREATE TABLE raw_events (position bigserial PRIMARY KEY, id text UNIQUE, stream_id text,
       revision bigint, type text, data json, metadata json, created_at timestamptz,
       UNIQUE (stream_id, revision))`,
  );
  let count = 0;
  let round = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const ids: string[] = [];
    const streams: string[] = [];
    const data: string[] = [];
    for (let n = 0; n < CALLERS; n++) {
      ids.push(randomUUID());
      streams.push(`bench-${n}`);
      data.push(JSON.stringify({ n, i: round }));
    }
    await pool.query(
      `INSERT INTO raw_events (id, stream_id, revision, type, data, metadata, created_at)
       SELECT id, stream, $4, 'BenchAppended', d::json, '{"v":1}', now()
         FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, stream, d)`,
      [ids, streams, data, round],
    );
    round++;
    count += CALLERS;
  }
  await pool.end();
  return count / seconds;
};

/** Commands offered at a steady 1,000 a second: how long each waits for its acknowledgement. */
const latencyAtRate = async (append: (i: number) => Promise<unknown>, seconds: number) => {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const total = OFFERED_RATE * seconds;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / OFFERED_RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    pending.push(append(i).then(() => void latencies.push(performance.now() - sent)));
  }
  await Promise.all(pending);
  const achieved = total / ((performance.now() - start) / 1000);
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), achieved };
};

const storeLatency = async (url: string, seconds: number) => {
  const store = await openPostgresEventStore({ connectionString: url });
  try {
    return await latencyAtRate(
      (i) =>
        store.appendToStream(
          `paced-${randomUUID()}`,
          [{ id: randomUUID(), type: 'BenchAppended', data: { i }, metadata: { v: 1 } }],
          'no_stream',
        ),
      seconds,
    );
  } finally {
    await store.close();
  }
};

/** The baseline: each command its own raw INSERT transaction, on a pool of the store's size. */
const rawLatency = async (url: string, seconds: number) => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    return await latencyAtRate(
      (i) =>
        pool.query(
          `INSERT INTO raw_events (id, stream_id, revision, type, data, metadata, created_at)
           VALUES ($1, $2, 0, 'BenchAppended', $3, '{"v":1}', now())`,
          [randomUUID(), `paced-raw-${i}`, JSON.stringify({ i })],
        ),
      seconds,
    );
  } finally {
    await pool.end();
  }
};

export const postgresAppend = async (): Promise<Figure[]> => {
  const server = await postgresServer();
  if (!server.available) {
    console.log(`skipped: ${server.skipReason}`);
    return [];
  }
  const db = await createTestDatabase('boon_bench');
  try {
    const baseline = await rawRate(db.url, 5);
    const value = await storeRate(db.url, 5);
    const rawPaced = await rawLatency(db.url, 10);
    const paced = await storeLatency(db.url, 10);
    return [
      {
        name: `PostgreSQL append → acknowledged, ${CALLERS} concurrent callers`,
        value,
        unit: 'events/s',
        baseline,
        baselineName: `raw INSERT via pg, one transaction per batch of ${CALLERS}`,
        ratio: value / baseline,
        target: '≥ 0.5',
        met: value / baseline >= 0.5,
      },
      {
        name: `PostgreSQL append at ${OFFERED_RATE} commands/s offered, p99 acknowledgement`,
        value: paced.p99,
        unit: 'ms',
        baseline: rawPaced.p99,
        baselineName: 'a raw INSERT transaction per command',
        ratio: rawPaced.p99 / paced.p99,
        target: 'p99 ≤ 50 ms',
        met: paced.p99 <= 50,
        note: `p50 ${paced.p50.toFixed(1)} ms (raw ${rawPaced.p50.toFixed(1)}), achieved ${paced.achieved.toFixed(0)}/s`,
      },
    ];
  } finally {
    await db.drop();
  }
};
