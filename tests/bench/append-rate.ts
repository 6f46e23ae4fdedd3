import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite, type Synchronous } from '../../infra/sqlite';
import type { Figure } from './report';

const CALLERS = 64;

/** Single-event appends by concurrent callers through the store (group commit), events/s. */
const storeRate = async (synchronous: Synchronous, seconds: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-bench-'));
  const db = openSqlite(join(dir, 'e.sqlite'), synchronous);
  const store = openSqliteEventStore(db);
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
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return count / seconds;
};

/** The baseline: raw better-sqlite3 single-row inserts, one transaction each, same pragmas. */
const rawRate = (synchronous: Synchronous, seconds: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-bench-'));
  const db = openSqlite(join(dir, 'raw.sqlite'), synchronous);
  db.exec('CREATE TABLE rows (id TEXT PRIMARY KEY, stream TEXT, data TEXT)');
  const insert = db.prepare('INSERT INTO rows VALUES (?, ?, ?)');
  const one = db.transaction((i: number) =>
    insert.run(randomUUID(), `bench-${i % CALLERS}`, JSON.stringify({ i })),
  );
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) one(count++);
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return count / seconds;
};

export const appendRate = async (): Promise<Figure[]> => {
  const figures: Figure[] = [];
  for (const [synchronous, seconds] of [
    ['FULL', 5],
    ['NORMAL', 3],
  ] as const) {
    const baseline = rawRate(synchronous, seconds);
    const value = await storeRate(synchronous, seconds);
    figures.push({
      name: `durable append, ${CALLERS} concurrent callers, synchronous=${synchronous}`,
      value,
      unit: 'events/s',
      baseline,
      baselineName: 'raw single-row inserts',
      ratio: value / baseline,
      target: '≥ 0.5',
      met: value / baseline >= 0.5,
    });
  }
  return figures;
};
