import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStores } from '../../api/stores';
import { unseal } from '../../infra/auth/sealing';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import type { Sealed } from '../../domain/accounts/events';
import { createTestDatabase, postgresServer, type TestDatabase } from '../support/postgres';
import { type Run, runCommand } from '../support/command';

const server = await postgresServer();
const root = mkdtempSync(join(tmpdir(), 'boon-pg-backup-'));
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
  rmSync(root, { recursive: true, force: true });
});

/** An operations command to its end, as a person runs it. */
const command = runCommand;

const digestOf = (run: Run) => /^digest:\s+(\S+)/m.exec(run.stdout)?.[1];

const sealedIn = (value: unknown): Sealed[] => {
  if (typeof value !== 'object' || value === null) return [];
  if (['keyId', 'iv', 'tag', 'ciphertext'].every((k) => k in value)) return [value as Sealed];
  return Object.values(value).flatMap(sealedIn);
};

/** Every sealed value of a data folder's log, opened with its vault. */
const openedIn = async (dataDir: string, keyFile: string) => {
  const stores = await openStores(
    loadConfig({ DATA_DIR: dataDir, KEY_ENCRYPTION_KEY_FILE: keyFile }),
    silentLogger(),
  );
  try {
    const events = await stores.events.readAll({ maxCount: 1_000_000 });
    return await Promise.all(
      events.flatMap((e) => sealedIn(e.data)).map((s) => unseal(stores.vault, s)),
    );
  } finally {
    await stores.close();
  }
};

describe.skipIf(!server.available)('backup and restore on PostgreSQL', () => {
  it('round-trips a history: embedded backup → PostgreSQL → its own backup → a data folder, equal digests and every sealed text opened with the key kept apart', async () => {
    const source = join(root, 'source');
    const seeded = await command('api/seed/main.ts', ['--days', '2', '--people', '8'], {
      DATA_DIR: source,
      PORT: '0',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'pg-backup-password',
    });
    expect(seeded.code, seeded.stderr).toBe(0);
    const keyFile = join(source, 'key-encryption-key');
    const backups = mkdtempSync(join(root, 'backups-'));
    const first = await command('api/ops/backup.ts', [
      '--out',
      join(backups, 'log.backup'),
      '--keys-out',
      join(backups, 'keys.backup'),
      '--data-dir',
      source,
    ]);
    expect(first.code, first.stderr).toBe(0);

    const db = await createTestDatabase('boon_restore');
    databases.push(db);
    const restored = await command('api/ops/restore.ts', [
      '--from',
      join(backups, 'log.backup'),
      '--keys-from',
      join(backups, 'keys.backup'),
      '--database',
      db.url,
    ]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(digestOf(restored)).toBe(digestOf(first));

    // A second restore into the same database is refused, and changes nothing.
    const again = await command('api/ops/restore.ts', [
      '--from',
      join(backups, 'log.backup'),
      '--without-keys',
      '--database',
      db.url,
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/holds events: restore into an empty database/);

    // The PostgreSQL store's own backup, while it could serve: the same files' format.
    const second = await command(
      'api/ops/backup.ts',
      ['--out', join(backups, 'pg-log.backup'), '--keys-out', join(backups, 'pg-keys.backup')],
      { DATABASE_URL: db.url, DATA_DIR: join(root, 'unused') },
    );
    expect(second.code, second.stderr).toBe(0);
    expect(digestOf(second)).toBe(digestOf(first));
    // The key vault's backup holds keys only wrapped: the key-encryption key was never read.
    const vault = new pg.Client({ connectionString: `${db.url}_keys` });
    await vault.connect();
    const { rows } = await vault.query<{ n: string }>('SELECT count(*) AS n FROM wrapped_keys');
    await vault.end();
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);

    const back = join(root, 'back');
    const home = await command('api/ops/restore.ts', [
      '--from',
      join(backups, 'pg-log.backup'),
      '--keys-from',
      join(backups, 'pg-keys.backup'),
      '--data-dir',
      back,
    ]);
    expect(home.code, home.stderr).toBe(0);
    expect(digestOf(home)).toBe(digestOf(first));
    expect(existsSync(join(back, 'keys.sqlite'))).toBe(true);

    const opened = await openedIn(back, keyFile);
    expect(opened.length).toBeGreaterThan(10);
    expect(opened).toEqual(await openedIn(source, keyFile));
    expect(opened.every((text) => typeof text === 'string')).toBe(true);
  }, 240_000);
});
