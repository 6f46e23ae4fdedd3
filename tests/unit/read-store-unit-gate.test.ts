import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { unitGate } from '../../infra/read-store/postgres/unit-gate';

describe('the PostgreSQL store’s unit gate', () => {
  it('runs units asked to go alongside up to its width at once, and one that runs alone with nothing beside it', async () => {
    const gate = unitGate(2, () => false);
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string, alone: boolean, ms: number) =>
      (alone ? gate.alone : gate.alongside)(async () => {
        running++;
        most = Math.max(most, running);
        if (alone) expect(running).toBe(1);
        events.push(`${name} begins`);
        await delay(ms);
        events.push(`${name} ends`);
        running--;
        return name;
      });
    const results = await Promise.all([
      job('a', false, 30),
      job('b', false, 10),
      job('c', false, 10),
      job('alone', true, 5),
      job('d', false, 5),
    ]);
    expect(results).toEqual(['a', 'b', 'c', 'alone', 'd']);
    expect(most).toBe(2);
    // First come, first served: c waits for a place beside a and b, the lone unit for all
    // three to end, and d (queued after it) for the lone unit.
    expect(events.indexOf('c begins')).toBeGreaterThan(events.indexOf('b ends'));
    expect(events.indexOf('alone begins')).toBeGreaterThan(events.indexOf('a ends'));
    expect(events.indexOf('alone begins')).toBeGreaterThan(events.indexOf('c ends'));
    expect(events.indexOf('d begins')).toBeGreaterThan(events.indexOf('alone ends'));
  });

  it('runs a unit sent ahead as soon as those under way end, before the units waiting', async () => {
    const gate = unitGate(2, () => false);
    const started: string[] = [];
    const job = (name: string, run: typeof gate.alone, ms = 10) =>
      run(async () => {
        started.push(name);
        await delay(ms);
      });
    await Promise.all([
      job('a', gate.alongside, 20),
      job('b', gate.alongside, 20),
      job('c', gate.alongside),
      job('d', gate.alongside),
      job('lone', gate.alone),
      // Sent after all of those, while a and b run: it goes next, then the others in turn.
      delay(5).then(() => job('ahead', gate.aloneAhead)),
      delay(5).then(() => job('ahead too', gate.aloneAhead)),
    ]);
    expect(started).toEqual(['a', 'b', 'ahead', 'ahead too', 'c', 'd', 'lone']);
  });

  it('goes on after a unit that fails, and refuses units once closed', async () => {
    let closed = false;
    const gate = unitGate(3, () => closed);
    const failing = gate.alongside(async () => {
      await delay(2);
      throw new Error('this unit failed');
    });
    const fine = gate.alongside(async () => 'fine');
    const alone = gate.alone(async () => 'alone');
    await expect(failing).rejects.toThrow('this unit failed');
    await expect(fine).resolves.toBe('fine');
    await expect(alone).resolves.toBe('alone');
    closed = true;
    await expect(gate.alongside(async () => 'late')).rejects.toThrow('The read store is closed');
    await expect(gate.alone(async () => 'late')).rejects.toThrow('The read store is closed');
  });
});
