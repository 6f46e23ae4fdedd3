import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReadModels } from '../../api/ops/replay';
import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { createTestDatabase, postgresServer, type TestDatabase } from '../support/postgres';
import { appendEvents, submission } from '../support/seed';
import { type Run, runCommand } from '../support/command';

const server = await postgresServer();
const root = mkdtempSync(join(tmpdir(), 'boon-pg-migrate-'));
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
  rmSync(root, { recursive: true, force: true });
});

/** An operations command to its end, as a person runs it. */
const command = runCommand;

const line = (run: Run, label: string) =>
  new RegExp(`^${label}:\\s+(.*)$`, 'm').exec(run.stdout)?.[1] ?? '';
const digest = (run: Run, label: string) => /digest ([0-9a-f]{64})/.exec(line(run, label))?.[1];

describe.skipIf(!server.available)('migration by replay (embedded → PostgreSQL → embedded)', () => {
  it('copies a history into PostgreSQL in log order and back, equal digests and read models both ways', async () => {
    const source = join(root, 'source');
    const seeded = await command('api/seed/main.ts', ['--days', '2', '--people', '8'], {
      DATA_DIR: source,
      PORT: '0',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'pg-migrate-password',
    });
    expect(seeded.code, seeded.stderr).toBe(0);
    // Many short streams one after another: the copy keeps many appends in flight, and each
    // must take its place in the log's order.
    const stores = await openStores(
      loadConfig({ DATA_DIR: source, SQLITE_SYNCHRONOUS: 'NORMAL' }),
      silentLogger(),
    );
    for (let i = 0; i < 600; i++) {
      const id = randomUUID();
      await appendEvents(stores.events, `response-${id}`, [
        submission(
          id,
          1,
          `author-${i % 20}`,
          new Date(Date.UTC(2026, 0, 1, 12, 0, i)).toISOString(),
        ),
      ]);
    }
    const total = await stores.events.countEventsAfter(null, 1_000_000);
    // The source's read models are up to date, as a cleanly stopped Boon leaves them.
    await buildReadModels(stores.events, stores.readStore);
    await stores.close();

    const db = await createTestDatabase('boon_migrate');
    databases.push(db);
    // The PostgreSQL side's key-encryption key lives in its own folder.
    const pgHome = join(root, 'pg-home');
    const there = await command(
      'api/ops/migrate.ts',
      ['--from-data-dir', source, '--to-database', db.url, '--verify'],
      { DATA_DIR: pgHome },
    );
    expect(there.code, there.stderr + there.stdout).toBe(0);
    expect(line(there, 'events')).toBe(
      `${total} in the source; ${total} copied now, 0 there already`,
    );
    expect(digest(there, 'destination')).toBeDefined();
    expect(digest(there, 'destination')).toBe(digest(there, 'source'));
    expect(line(there, 'verify')).toMatch(
      /collections equal .* to an embedded build of the copied log/,
    );

    const back = join(root, 'back');
    const home = await command('api/ops/migrate.ts', [
      '--from-database',
      db.url,
      '--from-key-file',
      join(pgHome, 'key-encryption-key'),
      '--to-data-dir',
      back,
      '--verify',
    ]);
    expect(home.code, home.stderr + home.stdout).toBe(0);
    expect(digest(home, 'destination')).toBe(digest(there, 'source'));
    expect(line(home, 'verify')).toMatch(
      /collections equal .* to an embedded build of the copied log/,
    );

    // Event by event, in the same order, with the same ids, streams and revisions.
    const [from, to] = await Promise.all(
      [source, back].map((dir) =>
        openStores(loadConfig({ DATA_DIR: dir, SQLITE_SYNCHRONOUS: 'NORMAL' }), silentLogger()),
      ),
    );
    const view = (e: { id: string; streamId: string; revision: bigint; type: string }) =>
      `${e.id} ${e.streamId} ${e.revision} ${e.type}`;
    const [a, b] = [
      await from!.events.readAll({ maxCount: 1_000_000 }),
      await to!.events.readAll({ maxCount: 1_000_000 }),
    ];
    expect(b.map(view)).toEqual(a.map(view));
    await from!.close();
    await to!.close();
  }, 300_000);
});
