import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const twoStoresOnOneFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-write-lock-'));
  dirs.push(dir);
  const file = join(dir, 'read-models.sqlite');
  const dbs = [openSqlite(file, 'NORMAL'), openSqlite(file, 'NORMAL')];
  const stores = dbs.map((db) => openEmbeddedReadStore(db));
  return {
    stores,
    close: async () => {
      for (const store of stores) await store.close();
      dbs.forEach((db) => db.close());
    },
  };
};

describe('the embedded read store’s write lock', () => {
  it('is waited for between turns of the event loop while another store’s unit holds it', async () => {
    const { stores, close } = twoStoresOnOneFile();
    const [a, b] = stores as [(typeof stores)[0], (typeof stores)[0]];
    try {
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 5);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // A's unit takes the lock and yields, as a long unit does between its steps.
      const unitA = a.transaction(async (tx) => {
        await tx.collection('docs').upsertOne({ _id: 'a', n: 1 });
        await held;
      });
      await delay(20);
      const unitB = b.transaction(async (tx) => {
        await tx.collection('docs').upsertOne({ _id: 'b', n: 2 });
      });
      const before = ticks;
      await delay(200);
      // B is waiting, and this thread kept running meanwhile (a busy handler would spin it).
      expect(ticks - before).toBeGreaterThan(10);
      release();
      await Promise.all([unitA, unitB]);
      clearInterval(ticker);
      expect(await b.collection('docs').findOne({ _id: 'a' })).toMatchObject({ n: 1 });
      expect(await a.collection('docs').findOne({ _id: 'b' })).toMatchObject({ n: 2 });
    } finally {
      await close();
    }
  });
});
