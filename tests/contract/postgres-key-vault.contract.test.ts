import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresKeyVault } from '../../infra/key-vault/postgres-key-vault';
import { createTestDatabase, postgresServer, type TestDatabase } from '../support/postgres';
import { describeKeyVaultContract } from './key-vault-contract';

const server = await postgresServer();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

const query = async <T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
};

/**
 * The bytes of a table's files as the server keeps them on disk (after a checkpoint), where the
 * suite runs on the server's machine with the right to read them (CI: root); else null.
 */
const tableFileBytes = async (url: string, table: string): Promise<Buffer | null> => {
  await query(url, 'CHECKPOINT');
  const [row] = await query<{ dir: string; path: string }>(
    url,
    `SELECT current_setting('data_directory') AS dir, pg_relation_filepath($1) AS path`,
    [table],
  );
  const file = join(row!.dir, row!.path);
  try {
    return existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  } catch {
    return null;
  }
};

const partitionsOf = async (url: string) =>
  (
    await query<{ name: string }>(
      url,
      "SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'wrapped_keys'::regclass",
    )
  ).map((row) => row.name);

/** The partition file holding a subject's key. */
const partitionOf = async (url: string, subject: string) =>
  (
    await query<{ name: string }>(
      url,
      'SELECT tableoid::regclass::text AS name FROM wrapped_keys WHERE subject = $1',
      [subject],
    )
  )[0]!.name;

describeKeyVaultContract(
  'PostgreSQL',
  async () => {
    const db = await createTestDatabase('boon_vault');
    databases.push(db);
    return {
      open: (kek) => openPostgresKeyVault(db.url, kek),
      storedBytes: async () => {
        const files = await Promise.all(
          [...(await partitionsOf(db.url)), 'vault_meta'].map((table) =>
            tableFileBytes(db.url, table),
          ),
        );
        const rows = await query<{ value: Buffer }>(
          db.url,
          'SELECT wrapped AS value FROM wrapped_keys UNION ALL SELECT value FROM vault_meta',
        );
        return Buffer.concat([
          ...files.filter((f): f is Buffer => f !== null),
          ...rows.map((r) => r.value),
        ]);
      },
      dispose: async () => {},
    };
  },
  server.available ? {} : { skipReason: server.skipReason },
);

describe.skipIf(!server.available)('PostgreSQL key vault: erasure', () => {
  it('leaves no copy of a destroyed wrapped key in its table file (a DELETE would)', async () => {
    const db = await createTestDatabase('boon_vault');
    databases.push(db);
    const vault = await openPostgresKeyVault(db.url, randomBytes(32));
    try {
      // Three subjects whose keys share a partition, so the kept one is in the rewritten file.
      const subjects: string[] = [];
      let partition: string | null = null;
      while (subjects.length < 3) {
        const subject = randomUUID();
        await vault.keyFor(subject);
        const where = await partitionOf(db.url, subject);
        partition ??= where;
        if (where === partition) subjects.push(subject);
      }
      const [erased, deletedByHand, kept] = subjects as [string, string, string];
      const wrappedOf = async (subject: string) =>
        (
          await query<{ wrapped: Buffer }>(
            db.url,
            'SELECT wrapped FROM wrapped_keys WHERE subject = $1',
            [subject],
          )
        )[0]!.wrapped;
      const erasedWrapped = await wrappedOf(erased);
      const byHandWrapped = await wrappedOf(deletedByHand);
      const keptWrapped = await wrappedOf(kept);
      const before = await tableFileBytes(db.url, partition!);
      if (before === null) {
        console.warn(
          '[contract] PostgreSQL vault file check skipped: the data directory is not readable here',
        );
        return;
      }
      expect(before.includes(erasedWrapped)).toBe(true);

      // What the vault guards against: a deleted row is still in the file (a plain VACUUM
      // only marks its space free, and left the bytes there in one run of two here).
      await query(db.url, 'DELETE FROM wrapped_keys WHERE subject = $1', [deletedByHand]);
      expect((await tableFileBytes(db.url, partition!))!.includes(byHandWrapped)).toBe(true);

      await vault.destroy(erased);
      const after = (await tableFileBytes(db.url, partition!))!;
      expect(after.includes(erasedWrapped)).toBe(false);
      expect(after.includes(byHandWrapped)).toBe(false);
      expect(after.includes(keptWrapped)).toBe(true);
      expect(await vault.find(kept)).not.toBeNull();
    } finally {
      await vault.close();
    }
  });
});
