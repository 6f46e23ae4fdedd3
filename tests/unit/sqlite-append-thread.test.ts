import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const logFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-append-thread-'));
  dirs.push(dir);
  return join(dir, 'boon.sqlite');
};

const event = (id: string) => ({ id, type: 'Noted', data: { id }, metadata: { v: 1 } });

describe('the log written on a writer thread', () => {
  it('shares commits among appends made meanwhile and settles each on its own revision', async () => {
    const db = openSqlite(logFile());
    const store = openSqliteEventStore(db, { writerThread: { synchronous: 'FULL' } });
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 300 }, (_, i) =>
        store.appendToStream(`s-${i}`, [event(`e${i}`)], 'no_stream'),
      ),
      store.appendToStream('s-0', [event('late')], 'no_stream'),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(300);
    expect(outcomes.at(-1)).toMatchObject({
      status: 'rejected',
      reason: { name: 'WrongExpectedRevisionError' },
    });
    // Visible to the store's own connection as soon as acknowledged.
    expect(await store.headPosition()).toBe(300n);
    expect(await store.readStream('s-7')).toMatchObject([{ id: 'e7', revision: 0n }]);
    await store.close();
    db.close();
  });

  it('closes only once every append it accepted is committed', async () => {
    const file = logFile();
    const db = openSqlite(file);
    const store = openSqliteEventStore(db, { writerThread: { synchronous: 'FULL' } });
    const appends = Array.from({ length: 500 }, (_, i) =>
      store.appendToStream(`s-${i % 10}`, [event(`e${i}`)], 'any'),
    );
    await store.close();
    await Promise.all(appends);
    db.close();
    const again = openSqlite(file);
    const reopened = openSqliteEventStore(again);
    expect(await reopened.countEventsAfter(null, 10_000)).toBe(500);
    await reopened.close();
    again.close();
  });

  it('leaves no gap in positions where an append failed half-way, so counts are arithmetic', async () => {
    const db = openSqlite(logFile());
    const store = openSqliteEventStore(db, { writerThread: { synchronous: 'FULL' } });
    await store.appendToStream('a', [event('e1'), event('e2')], 'no_stream');
    // Its first event is written, its second reuses an id: the whole append is undone, and
    // with it the position its first event took.
    const broken = await Promise.allSettled([
      store.appendToStream('b', [event('e3'), event('e1')], 'no_stream'),
      store.appendToStream('c', [event('e4')], 'no_stream'),
    ]);
    expect(broken.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    await store.appendToStream('d', [event('e5'), event('e6')], 'no_stream');
    const rows = db
      .prepare<[], { position: number }>('SELECT position FROM events ORDER BY position')
      .all()
      .map((row) => row.position);
    expect(rows).toEqual([1, 2, 3, 4, 5]);
    expect(await store.countEventsAfter(null, 100)).toBe(5);
    expect(await store.countEventsAfter(2n, 100)).toBe(3);
    expect(await store.countEventsAfter(2n, 2)).toBe(2);
    await store.close();
    db.close();
  });

  it('refuses appends after close', async () => {
    const db = openSqlite(logFile());
    const store = openSqliteEventStore(db, { writerThread: { synchronous: 'FULL' } });
    await store.close();
    await expect(store.appendToStream('s', [event('x')], 'any')).rejects.toThrow('closed');
    db.close();
  });
});
