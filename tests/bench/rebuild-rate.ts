import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { ProjectionEngine } from '../../projections/engine/engine';
import type { Figure } from './report';

const EVENTS = 1_000_000;
const PER_DAY = 1000;

/** Writes a synthetic history (days, responses, ~5% deletions) in the store's own schema. */
const seed = (file: string) => {
  const db = openSqlite(file, 'NORMAL');
  const store = openSqliteEventStore(db); // creates the schema
  void store;
  const insert = db.prepare(
    'INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  db.transaction(() => {
    let lastResponse = '';
    for (let i = 0; i < EVENTS; i++) {
      const questionId = Math.floor(i / PER_DAY) + 1;
      const day = new Date(Date.UTC(2024, 0, 1) + (questionId - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      if (i % PER_DAY === 0) {
        const data = {
          day,
          questionId,
          content: `Question ${questionId}?`,
          category: 'Ethics & Morality',
          submissionId: null,
          source: 'bank',
          at: `${day}T08:00:00.000Z`,
        };
        insert.run(
          randomUUID(),
          `question-of-the-day-${day}`,
          0,
          'QuestionOfTheDayActivated',
          JSON.stringify(data),
          '{"v":1}',
          now,
        );
      } else if (i % 20 === 0 && lastResponse) {
        const data = {
          responseId: lastResponse,
          questionId,
          authorId: `a${i - 1}`,
          day,
          at: `${day}T20:00:00.000Z`,
        };
        insert.run(
          randomUUID(),
          `responder-a${i - 1}`,
          1,
          'ResponseDeleted',
          JSON.stringify(data),
          '{"v":1}',
          now,
        );
      } else {
        lastResponse = `r${i}`;
        const data = {
          responseId: lastResponse,
          questionId,
          authorId: `a${i}`,
          pseudonym: 'Calm Owl',
          content: 'A considered answer of a few dozen words, as people tend to write them.',
          spectrumPosition: null,
          day,
          at: `${day}T12:00:00.000Z`,
        };
        insert.run(
          randomUUID(),
          `responder-a${i}`,
          0,
          'ResponseSubmitted',
          JSON.stringify(data),
          '{"v":1}',
          now,
        );
      }
    }
  })();
  return db;
};

export const rebuildRate = async (): Promise<Figure[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-bench-rebuild-'));
  const db = seed(join(dir, 'boon.sqlite'));
  const store = openSqliteEventStore(db);

  // Baseline: reading and decoding the same events, with no projection work.
  let started = performance.now();
  let read = 0;
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: 5000 });
    if (page.length === 0) break;
    read += page.length;
    after = page[page.length - 1]!.position;
  }
  const readRate = read / ((performance.now() - started) / 1000);

  const readStore = openEmbeddedReadStore(db);
  const engine = new ProjectionEngine(
    store,
    readStore,
    [responsesByQuestionProjection],
    silentLogger(),
  );
  await engine.start();
  while (engine.processorOf('responses-by-question')?.status().mode !== 'live') {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  started = performance.now();
  const report = await engine.rebuild('responses-by-question');
  const rate = report.events / ((performance.now() - started) / 1000);
  await engine.stop();
  await readStore.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return [
    {
      name: `projection rebuild (responses-by-question) over ${(EVENTS / 1e6).toFixed(0)}M events`,
      value: rate,
      unit: 'events/s',
      baseline: readRate,
      baselineName: 'reading + decoding the log alone',
      ratio: rate / readRate,
      target: '≥ 200,000 events/s',
      met: rate >= 200_000,
    },
  ];
};
