import { afterEach, describe, expect, it } from 'vitest';
import { projectionOperations, type ProjectionOperations } from '../../api/ops/projection-ops';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { silentLogger } from '../../infra/logger';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { allProjections } from '../../projections';
import type { ProjectionEngine } from '../../projections/engine/engine';
import { activation, appendEvents } from '../support/seed';

/**
 * A rebuild asked of a process that does not run the projection (ROLE=api) is handed to the
 * one that does through the store, and followed from the first: asked for, then running with
 * its progress as the running process publishes it.
 */

const opened: ProjectionOperations[] = [];
afterEach(() => opened.splice(0).forEach((ops) => ops.close()));

/** A projector's engine as these operations see it: rebuilding `sentiment`, 40 events in. */
const projectorEngine = (rebuilding: Set<string>) =>
  ({
    owner: 'projector-1',
    held: () => allProjections.map((p) => p.name),
    isRebuilding: (name: string) => rebuilding.has(name),
    rebuildProgress: (name: string) => (rebuilding.has(name) ? 40n : null),
    rebuildMany: async () => [],
    processorOf: () => null,
    tailError: () => null,
  }) as unknown as ProjectionEngine;

/** A log of 100 events (a question activated each day), in memory. */
const hundredEventLog = async () => {
  const db = openSqlite(':memory:');
  const events = openSqliteEventStore(db);
  for (let day = 1; day <= 100; day++) {
    const date = `2026-01-${String(1 + (day % 28)).padStart(2, '0')}`;
    await appendEvents(events, `question-${day}`, [activation(date, day)]);
  }
  return { db, events };
};

describe('projection operations across processes', () => {
  it('shows a rebuild asked for, then where the process running it has reached', async () => {
    const { db, events } = await hundredEventLog();
    const readStore = openMemoryReadStore();
    const rebuilding = new Set<string>();
    const api = projectionOperations(events, readStore, allProjections, null, silentLogger());
    const projector = projectionOperations(
      events,
      readStore,
      allProjections,
      projectorEngine(rebuilding),
      silentLogger(),
    );
    opened.push(api, projector);
    const sentiment = async () => (await api.status()).find((s) => s.name === 'sentiment')!;

    expect(await api.rebuild(['sentiment'])).toEqual({ here: [], requested: ['sentiment'] });
    expect((await sentiment()).rebuild).toEqual({ phase: 'requested' });

    rebuilding.add('sentiment');
    await expect
      .poll(async () => (await sentiment()).rebuild, { timeout: 5_000, interval: 200 })
      .toMatchObject({
        phase: 'running',
        owner: 'projector-1',
        position: '40',
        doneEvents: 40,
        remainingEvents: 60,
      });

    rebuilding.delete('sentiment');
    await readStore.transaction(async (tx) => {
      await tx.collection('projection_requests').deleteMany({});
    });
    await expect
      .poll(async () => (await sentiment()).rebuild, { timeout: 5_000, interval: 200 })
      .toBeNull();
    db.close();
  });

  it('counts the log once per position, not once per projection, and health checks never count a rebuild', async () => {
    const { db, events: log } = await hundredEventLog();
    const counted: (bigint | null)[] = [];
    const events = {
      ...log,
      countEventsAfter: (position: bigint | null, cap: number) => {
        counted.push(position);
        return log.countEventsAfter(position, cap);
      },
    };
    // Every projection building together from the first event, all at 40 (nothing built yet).
    const everything = new Set(allProjections.map((p) => p.name));
    const ops = projectionOperations(
      events,
      openMemoryReadStore(),
      allProjections,
      projectorEngine(everything),
      silentLogger(),
    );
    opened.push(ops);
    const status = await ops.status();
    expect(status.map((s) => s.lagEvents)).toEqual(status.map(() => 100));
    expect(status.map((s) => s.rebuild)).toEqual(
      status.map(() => expect.objectContaining({ remainingEvents: 60, doneEvents: 40 })),
    );
    // The whole log (read off for every lag), and what follows 40: two walks, not 43.
    expect(counted).toEqual([null, 40n]);

    counted.length = 0;
    const standing = await ops.standing();
    expect(standing.map((s) => s.lagEvents)).toEqual(standing.map(() => 100));
    expect(counted).toEqual([null]);
    db.close();
  });

  it('refuses an unknown projection and one already rebuilding here', async () => {
    const db = openSqlite(':memory:');
    const ops = projectionOperations(
      openSqliteEventStore(db),
      openMemoryReadStore(),
      allProjections,
      projectorEngine(new Set(['badges'])),
      silentLogger(),
    );
    opened.push(ops);
    await expect(ops.rebuild(['nope'])).rejects.toMatchObject({ kind: 'not_found' });
    await expect(ops.rebuild('all')).rejects.toMatchObject({ kind: 'conflict' });
    db.close();
  });
});
