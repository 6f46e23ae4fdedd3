import Database from 'better-sqlite3';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReadModels } from '../../api/ops/replay';
import { openStores, type Stores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { activation, appendEvents, submission } from '../support/seed';
import { type Run, runCommand } from '../support/command';

const root = mkdtempSync(join(tmpdir(), 'boon-migrate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const [source, destination] = [join(root, 'source'), join(root, 'destination')];

/**
 * Runs a command to its end, or kills it (SIGKILL) as soon as `killWhen` sees its error
 * output: a crash at a moment the command itself reports, not after some time.
 */
const command = runCommand;

const migrate = (killWhen?: (stderr: string) => boolean, from = source) =>
  command(
    'api/ops/migrate.ts',
    ['--from-data-dir', from, '--to-data-dir', destination, '--verify'],
    {},
    killWhen,
  );

// Without an fsync per append: this test writes thousands of events and crashes no machine.
const open = (dataDir: string) =>
  openStores(loadConfig({ DATA_DIR: dataDir, SQLITE_SYNCHRONOUS: 'NORMAL' }), silentLogger());

const line = (run: Run, label: string) =>
  new RegExp(`^${label}:\\s+(.*)$`, 'm').exec(run.stdout)?.[1] ?? '';

/** Copied so far, read from the progress lines ("copied N/T events"). */
const progressOf = (stderr: string) =>
  [...stderr.matchAll(/copied (\d+)\/(\d+) events/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe('migration by replay (embedded → embedded)', () => {
  it('copies the log in order with ids and metadata, resumes after a kill, copies nothing twice, and rebuilds equal read models', async () => {
    // A realistic history through the real API, then thousands more events, one of them in
    // an older schema version the stores bring up to date when they read it.
    const seeded = await command('api/seed/main.ts', ['--days', '2', '--people', '12'], {
      DATA_DIR: source,
      PORT: '0',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'migrate-password',
    });
    expect(seeded.code, seeded.stderr).toBe(0);
    const stores: Stores = await open(source);
    await appendEvents(stores.events, 'question-of-the-day-2026-01-01', [
      activation('2026-01-01', 1),
    ]);
    for (let i = 0; i < 3000; i++) {
      const id = randomUUID();
      await appendEvents(stores.events, `response-${id}`, [
        submission(
          id,
          1,
          `author-${i % 50}`,
          new Date(Date.UTC(2026, 0, 1, 12, 0, i)).toISOString(),
        ),
      ]);
    }
    const emailHash = createHash('sha256').update('old@example.org').digest('hex');
    await stores.events.appendToStream(
      `email-${emailHash}`,
      [
        {
          id: randomUUID(),
          type: 'EmailReserved',
          data: { emailHash, accountId: 'account-old', at: '2026-01-01T12:00:00.000Z' },
          metadata: { v: 1 },
        },
      ],
      'no_stream',
    );
    const keys = [await stores.vault.keyFor('person-a'), await stores.vault.keyFor('person-b')];
    // The source's read models are up to date, as a cleanly stopped Boon leaves them.
    await buildReadModels(stores.events, stores.readStore);
    const total = await stores.events.countEventsAfter(null, 1_000_000);
    await stores.close();

    const killed = await migrate((stderr) =>
      progressOf(stderr).some(([done, all]) => done! > 0 && done! < all!),
    );
    expect(killed.code).toBeNull();
    const before = progressOf(killed.stderr).at(-1)![0]!;
    expect(before).toBeLessThan(total);

    const resumed = await migrate();
    expect(resumed.code, resumed.stderr + resumed.stdout).toBe(0);
    const [copied, there] = /(\d+) copied now, (\d+) there already/
      .exec(line(resumed, 'events'))!
      .slice(1)
      .map(Number);
    expect(there).toBeGreaterThanOrEqual(before);
    expect(copied! + there!).toBe(total);
    const digest = (label: string) => /digest ([0-9a-f]{64})/.exec(line(resumed, label))?.[1];
    expect(digest('destination')).toBeDefined();
    expect(digest('destination')).toBe(digest('source'));
    // Every key the source's vault holds: the two made here and those the seed's journals made.
    const vault = new Database(join(source, 'keys.sqlite'), { readonly: true });
    const held = (vault.prepare('SELECT COUNT(*) AS n FROM wrapped_keys').get() as { n: number }).n;
    vault.close();
    expect(held).toBeGreaterThanOrEqual(2);
    expect(line(resumed, 'keys')).toBe(`${held} taken in`);
    expect(line(resumed, 'verify')).toMatch(/collections equal/);

    const again = await migrate();
    expect(again.code).toBe(0);
    expect(line(again, 'events')).toBe(
      `${total} in the source; 0 copied now, ${total} there already`,
    );
    expect(line(again, 'keys')).toBe('0 taken in');

    // The copy reads as the source does, the old event included, and unseals with its keys.
    const [from, to] = [await open(source), await open(destination)];
    const [a, b] = [
      await from.events.readAll({ maxCount: 1_000_000 }),
      await to.events.readAll({ maxCount: 1_000_000 }),
    ];
    const view = (e: (typeof a)[number]) => [e.id, e.streamId, e.revision, e.type, e.data];
    expect(b.map(view)).toEqual(a.map(view));
    const old = b.find((e) => e.type === 'EmailReserved' && e.streamId === `email-${emailHash}`);
    expect(old?.data).toMatchObject({ requiresVerification: false });
    expect((await to.vault.find('person-a'))?.equals(keys[0]!)).toBe(true);
    expect((await to.vault.find('person-b'))?.equals(keys[1]!)).toBe(true);
    await from.close();
    await to.close();
  }, 300_000);

  it('refuses a destination that holds other history', async () => {
    const other = join(root, 'other');
    const stores = await open(other);
    await appendEvents(stores.events, 'question-of-the-day-2026-02-01', [
      activation('2026-02-01', 2),
    ]);
    await stores.close();
    const refused = await migrate(undefined, other);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^migrate: the destination's event 1 .* is not the source's/m);
  }, 60_000);
});
