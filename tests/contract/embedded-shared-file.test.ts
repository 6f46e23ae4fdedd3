import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import type { CommitNotice, Doc } from '../../infra/read-store/read-store';
import { openSqlite } from '../../infra/sqlite';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Two processes' stores on one data file (each its own connection and memory). */
const twoProcesses = () => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-shared-'));
  const open = () => {
    const db = openSqlite(join(dir, 'boon.sqlite'), 'NORMAL');
    const store = openEmbeddedReadStore(db, { pollIntervalMs: 5 });
    cleanups.push(async () => {
      await store.close();
      db.close();
    });
    return store;
  };
  const pair = [open(), open()] as const;
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return pair;
};

describe('the embedded read store shared by several processes', () => {
  it('shows one process the documents another committed, and tells it with the notice', async () => {
    const [writer, reader] = twoProcesses();
    await reader.ensureIndexes('things', [{ key: { kind: 1 } }]);
    expect(await reader.collection('things').count()).toBe(0);
    const notices: CommitNotice[] = [];
    reader.notices.subscribe((n) => notices.push(n));
    await writer.transaction(async (tx) => {
      await tx.collection('things').insertOne({ _id: 'a', kind: 'x' });
      await tx.collection('things').insertOne({ _id: 'b', kind: 'y' });
      tx.notify({ projection: 'p', generation: 1, position: '7', topics: ['things'] });
    });
    await expect.poll(() => notices.length).toBe(1);
    // By the time the notice arrives, the reader's connection reads the commit.
    expect((await reader.collection<Doc>('things').find({ kind: 'y' })).map((d) => d._id)).toEqual([
      'b',
    ]);
    await writer.transaction(async (tx) => {
      await tx.collection('things').deleteOne({ _id: 'a' });
      await tx.collection('things').updateOne({ _id: 'b' }, { $set: { kind: 'x' } });
      tx.notify({ projection: 'p', generation: 1, position: '8', topics: [] });
    });
    await expect.poll(() => notices.length).toBe(2);
    expect((await reader.collection<Doc>('things').find({ kind: 'x' })).map((d) => d._id)).toEqual([
      'b',
    ]);
  });

  it('lets exactly one of two processes hold a lease, and fences the other out', async () => {
    const [one, two] = twoProcesses();
    const held = await one.leases.acquire('p', 'one', 60_000);
    expect(await two.leases.acquire('p', 'two', 60_000)).toBeNull();
    await one.leases.release(held!);
    const taken = await two.leases.acquire('p', 'two', 60_000);
    expect(taken!.owner).toBe('two');
    await expect(
      one.transaction(async (tx) => {
        await tx.collection('fenced').insertOne({ _id: 'x' });
        tx.fence(held!);
      }),
    ).rejects.toThrow(/held by another process/);
    expect(await two.collection('fenced').count()).toBe(0);
  });

  it('reloads a collection another process dropped', async () => {
    const [writer, reader] = twoProcesses();
    await writer.transaction(async (tx) => tx.collection('gone').insertOne({ _id: 'a' }));
    await expect.poll(() => reader.collection('gone').count()).toBe(1);
    await writer.dropCollection('gone');
    await expect.poll(() => reader.collection('gone').count()).toBe(0);
  });

  it('says so when it keeps failing to read the other processes’ commits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-shared-'));
    const db = openSqlite(join(dir, 'boon.sqlite'), 'NORMAL');
    const warnings: string[] = [];
    const store = openEmbeddedReadStore(db, {
      pollIntervalMs: 1,
      onWarning: (_err, message) => warnings.push(message),
    });
    cleanups.push(async () => {
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    // The commit record made unreadable for good (a damaged or foreign file).
    const other = openSqlite(join(dir, 'boon.sqlite'), 'NORMAL');
    other.exec('DROP TABLE rm_commits');
    other.close();
    await expect
      .poll(() => warnings, { timeout: 5_000 })
      .toContainEqual(expect.stringMatching(/could not be read 100 times in a row/));
  });
});
