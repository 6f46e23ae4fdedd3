import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLog } from '../../api/ops/log-digest';
import { copyLog } from '../../api/ops/replay';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';
import type { Figure } from './report';
import { writeSyntheticLog } from './synthetic-log';

/** A month of a community of 2,000: enough events to measure, few enough to copy durably. */
const SHAPE = {
  days: 30,
  people: 2_000,
  answersPerDay: 300,
  echoesPerAnswer: 1.25,
  repliesPerAnswer: 0.2,
};

/** Migration by replay into a durable embedded store, against reading the same log alone. */
export const migrationRate = async (): Promise<Figure[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-bench-migrate-'));
  const sourceDb = openSqlite(join(dir, 'source.sqlite'), 'NORMAL');
  const written = writeSyntheticLog(sourceDb, SHAPE);
  const source = openSqliteEventStore(sourceDb);

  let started = performance.now();
  let read = 0;
  for await (const event of readLog(source)) read += event.id ? 1 : 0;
  const readRate = read / ((performance.now() - started) / 1000);

  // The destination as Boon runs it: every acknowledged append survives power loss.
  const targetDb = openSqlite(join(dir, 'target.sqlite'), 'FULL');
  const target = openSqliteEventStore(targetDb);
  started = performance.now();
  const report = await copyLog(source, target);
  const rate = report.copied / ((performance.now() - started) / 1000);
  await target.close();
  await source.close();
  targetDb.close();
  sourceDb.close();
  rmSync(dir, { recursive: true, force: true });
  return [
    {
      name: `migration by replay, ${written.toLocaleString('en')} events into a durable embedded store`,
      value: rate,
      unit: 'events/s',
      baseline: readRate,
      baselineName: 'reading + decoding the same log',
      ratio: rate / readRate,
      // Each stream's run of events is one durable append (an fsync): the copy is bound by
      // the destination's commits, not by reading.
      target: '≥ 0.01',
      met: rate / readRate >= 0.01,
      note: `${report.copied.toLocaleString('en')} copied`,
    },
  ];
};
