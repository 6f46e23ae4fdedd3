import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEvent } from '../../domain/event-catalog';
import type { RecordedEvent } from '../../domain/shared/events';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import {
  collectionNames,
  type CollectionSpecs,
  type Projection,
  type ProjectionDb,
} from '../../projections/engine/define';
import { echoesProjection } from '../../projections/echoes';
import { opinionsProjection } from '../../projections/opinions';
import type { Figure } from './report';

type ChildResult = { wallMs: number; cpuMs: number; groups: number; maxRssKiB: number };

const child = (mode: 'prepare' | 'compute') =>
  new Promise<ChildResult>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'tests/bench/opinion-map-child.ts', mode],
      { timeout: 300_000 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as ChildResult)),
    );
  });

const recorded = (event: AnyEvent, position: number): RecordedEvent => ({
  ...event,
  id: `event-${position}`,
  streamId: 'bench',
  revision: 0n,
  position: BigInt(position),
  metadata: { v: 1 },
  createdAt: new Date(0),
});

/** Applies events to one projection over a read-models file, in units of `batch` as the engine commits them. */
const applyAll = async (projection: Projection, events: RecordedEvent[], batch = 500) => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-bench-opinions-'));
  const db = openSqlite(join(dir, 'read-models.sqlite'), 'NORMAL');
  const store = openEmbeddedReadStore(db);
  for (const name of collectionNames(projection)) {
    await store.ensureIndexes(name, projection.collections[name]!.indexes);
  }
  const run = async (slice: RecordedEvent[]) =>
    store.transaction(async (tx) => {
      const target: Record<string, unknown> = { notify: () => undefined };
      for (const name of collectionNames(projection)) target[name] = tx.collection(name);
      for (const event of slice) {
        if (projection.handles.has(event.type)) {
          await projection.apply(event, target as ProjectionDb<CollectionSpecs>);
        }
      }
    });
  return {
    run: async (all: RecordedEvent[]) => {
      const started = performance.now();
      for (let i = 0; i < all.length; i += batch) await run(all.slice(i, i + batch));
      return performance.now() - started;
    },
    applied: () => run(events),
    close: async () => {
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** A question of `answers` answers, then `echoes` echoes from `people` people. */
const echoHistory = (answers: number, people: number, echoes: number) => {
  const day = '2026-03-02';
  const at = `${day}T15:00:00.000Z`;
  const written: AnyEvent[] = Array.from({ length: answers }, (_, j) => ({
    type: 'ResponseSubmitted',
    data: {
      responseId: `answer-${j}`,
      questionId: 1,
      authorId: `author-${j}`,
      pseudonym: `Author ${j}`,
      content: 'words',
      spectrumPosition: null,
      day,
      at,
    },
  }));
  let seed = 11;
  const draw = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const echoed: AnyEvent[] = Array.from({ length: echoes }, (_, k) => ({
    type: 'EchoGiven',
    data: {
      responseId: `answer-${Math.floor(draw() * answers)}`,
      questionId: 1,
      actorId: `person-${k % people}`,
      day,
      at,
    },
  }));
  let position = 0;
  return {
    answers: written.map((e) => recorded(e, ++position)),
    echoes: echoed.map((e) => recorded(e, ++position)),
  };
};

/** The opinions projection's cost per echo, against the echoes projection over the same echoes. */
const costPerEcho = async (): Promise<Figure> => {
  const { answers, echoes } = echoHistory(2000, 2000, 20_000);
  const perEcho = async (projection: Projection) => {
    const target = await applyAll(projection, answers);
    await target.applied();
    const ms = await target.run(echoes);
    await target.close();
    return (ms * 1000) / echoes.length;
  };
  let opinions = Infinity;
  let baseline = Infinity;
  for (let round = 0; round < 3; round++) {
    baseline = Math.min(baseline, await perEcho(echoesProjection as unknown as Projection));
    opinions = Math.min(opinions, await perEcho(opinionsProjection as unknown as Projection));
  }
  const ratio = opinions / baseline;
  return {
    name: 'opinions projection, cost per echo (20,000 echoes on 2,000 answers, units of 500)',
    value: opinions,
    unit: 'µs/echo',
    baseline,
    baselineName: 'the echoes projection over the same echoes',
    ratio,
    target: '≤ 3',
    met: ratio <= 3,
    note: 'a vote row, the answer and the question read and written per echo',
  };
};

/**
 * The figures: computing a map for 2,000 people × 2,000 answers (10 echoes each), its
 * peak memory (a process of its own, against one that only builds the rows), and the
 * projection's cost per echo beside the echoes projection's.
 */
export const opinionMap = async (): Promise<Figure[]> => {
  const prepared = await child('prepare');
  const computed = await child('compute');
  const load = loadavg()[0]!.toFixed(1);
  const peakMiB = (computed.maxRssKiB - prepared.maxRssKiB) / 1024;
  return [
    {
      // CPU time: the computation's own cost on this machine's core, whatever else runs on
      // it (the wall clock, in the note, also counts the other processes' turns).
      name: 'opinion map of 2,000 people × 2,000 answers, 10 echoes each (best of 5, CPU time)',
      value: computed.cpuMs,
      unit: 'ms',
      baseline: 250,
      baselineName: 'the issue’s budget',
      ratio: computed.cpuMs / 250,
      target: '≤ 1',
      met: computed.cpuMs <= 250,
      note: `${computed.wallMs.toFixed(0)} ms by the wall clock at load average ${load} on ${availableParallelism()} cores; ${computed.groups} groups; peak memory ${peakMiB.toFixed(1)} MiB above the rows alone`,
    },
    await costPerEcho(),
  ];
};
