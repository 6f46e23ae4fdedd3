import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded event store under SIGKILL', () => {
  it('keeps every acknowledged event, and each stream stays gap-free', async () => {
    dir = mkdtempSync(join(tmpdir(), 'boon-kill-'));
    const file = join(dir, 'events.sqlite');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/reliability/append-under-load.child.ts', file],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const acknowledged: string[] = [];
    let pending = '';
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.stdout.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) if (line !== 'ready') acknowledged.push(line);
        if (acknowledged.length >= 3000) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => resolve());
    });
    await new Promise((resolve) => child.once('exit', resolve).once('close', resolve));
    expect(acknowledged.length).toBeGreaterThanOrEqual(3000);

    const db = openSqlite(file);
    const store = openSqliteEventStore(db);
    const stored = await store.readAll({ maxCount: 10_000_000 });
    const ids = new Set(stored.map((e) => e.id));
    const lost = acknowledged.filter((id) => !ids.has(id));
    expect(lost).toEqual([]);
    const byStream = new Map<string, bigint[]>();
    for (const e of stored)
      byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
    for (const revisions of byStream.values()) {
      expect(revisions).toEqual(revisions.map((_, i) => BigInt(i)));
    }
    await store.close();
    db.close();
  }, 60_000);
});
