import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replaySentiment } from '../../api/analyst/replay';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';
import type { Figure } from './report';
import { MILLION, writeSyntheticLog, type SyntheticShape } from './synthetic-log';

type Store = ReturnType<typeof openSqliteEventStore>;

/** Reads and decodes the whole log in the replay's pages: what any reader of it pays. */
const readAndDecode = async (store: Store) => {
  const started = performance.now();
  let read = 0;
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: 5000 });
    read += page.length;
    if (page.length < 5000) break;
    after = page.at(-1)!.position;
  }
  return read / ((performance.now() - started) / 1000);
};

/**
 * `npm run analyst -- sentiment` over a whole synthetic history (every day inside the
 * period, so every answer enters the reducer), against reading + decoding the same log.
 * Each is measured three times, alternately; the best of each is compared.
 */
export const sentimentReplay = async (shape: SyntheticShape = MILLION): Promise<Figure[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-bench-replay-'));
  const db = openSqlite(join(dir, 'boon.sqlite'), 'NORMAL');
  const written = writeSyntheticLog(db, shape);
  const store = openSqliteEventStore(db);
  const everything = { from: '2000-01-01', to: '2099-12-31' };
  let readRate = 0;
  let replayRate = 0;
  let questionDays = 0;
  for (let round = 0; round < 3; round++) {
    readRate = Math.max(readRate, await readAndDecode(store));
    const started = performance.now();
    questionDays = (await replaySentiment(store, everything)).length;
    replayRate = Math.max(replayRate, written / ((performance.now() - started) / 1000));
  }
  await store.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  const ratio = replayRate / readRate;
  return [
    {
      name: `sentiment replay of the log (npm run analyst), ${(written / 1e6).toFixed(2)}M events`,
      value: replayRate,
      unit: 'events/s',
      baseline: readRate,
      baselineName: 'reading + decoding the same log',
      ratio,
      target: '≥ 0.8',
      met: ratio >= 0.8,
      note: `${questionDays} question-days replayed`,
    },
  ];
};
