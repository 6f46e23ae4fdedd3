import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { writeQueue } from '../../infra/read-store/sqlite/write-queue';

describe('the read store’s write queue', () => {
  it('renews a lease after the unit under way, not after every unit queued behind it', async () => {
    const store = openMemoryReadStore();
    const lease = (await store.leases.acquire('progress', 'me', 10_000))!;
    const order: string[] = [];
    const unit = (name: string) =>
      store.transaction(async (tx) => {
        order.push(`${name} begins`);
        await tx.collection('things').upsertOne({ _id: name });
        await delay(30);
        order.push(`${name} ends`);
      });
    const units = [unit('first'), unit('second'), unit('third')];
    await delay(5);
    const renewed = store.leases.renew(lease, 10_000).then((result) => {
      order.push('renewed');
      return result;
    });
    await Promise.all([...units, renewed]);
    expect(await renewed).toMatchObject({ name: 'progress', owner: 'me', token: lease.token });
    expect(order).toEqual([
      'first begins',
      'first ends',
      'renewed',
      'second begins',
      'second ends',
      'third begins',
      'third ends',
    ]);
    await store.close();
  });

  it('runs jobs one at a time in order, goes on after one that fails, refuses them once closed', async () => {
    let closed = false;
    const queue = writeQueue(() => closed);
    const order: number[] = [];
    let running = 0;
    const job = (n: number, fail = false) =>
      queue.serial(async () => {
        running++;
        expect(running).toBe(1);
        await delay(2);
        order.push(n);
        running--;
        if (fail) throw new Error(`job ${n} failed`);
        return n;
      });
    const started = [job(1), job(2, true), job(3)];
    // Nothing starts inside the call that queued it.
    expect(order).toEqual([]);
    expect(await Promise.allSettled(started)).toMatchObject([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: { message: 'job 2 failed' } },
      { status: 'fulfilled', value: 3 },
    ]);
    expect(order).toEqual([1, 2, 3]);
    closed = true;
    await expect(queue.urgent(() => 4)).rejects.toThrow('The read store is closed');
  });
});

describe('a unit of work’s write-back', () => {
  it('lets timers and requests run while it writes tens of thousands of documents back', async () => {
    const store = openMemoryReadStore();
    let timerFired = false;
    await store.transaction(async (tx) => {
      const things = tx.collection('things');
      for (let n = 0; n < 30_000; n++) await things.upsertOne({ _id: `t${n}`, n });
      // Due at once, but only a turn of the event loop runs it: the write-back must give one.
      setTimeout(() => {
        timerFired = true;
      }, 0);
    });
    expect(timerFired).toBe(true);
    expect(await store.collection('things').count()).toBe(30_000);
    await store.close();
  });
});
