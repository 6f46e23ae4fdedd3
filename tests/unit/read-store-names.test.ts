import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEmbedded } from '../../api/ops/embedded-backup';
import { LOG_FILE } from '../../api/stores';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { dropLegacyReadModels } from '../../infra/read-store/legacy-read-models';
import { fieldExpression } from '../../infra/read-store/sqlite/sql-names';
import { openSqlite } from '../../infra/sqlite';

/**
 * Names that reach SQL text: field paths and table names are written into statements, so each
 * must be validated or quoted where the statement is built, whatever its callers checked.
 */

const root = mkdtempSync(join(tmpdir(), 'boon-sql-names-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A table name that ends the statement it is put into and drops the log. */
const HOSTILE = 'read_x"; DROP TABLE events; --';

const tablesOf = (db: Database.Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_'));

describe('names in the read store’s SQL', () => {
  it('a field path reaches SQL only when it is plain names', () => {
    expect(fieldExpression('_id')).toBe('id');
    expect(fieldExpression('address.city')).toBe("json_extract(doc, '$.address.city')");
    for (const path of ["a') OR 1=1 --", 'a.0', 'a b', '', 'a..b', '$where', "it's"]) {
      expect(() => fieldExpression(path)).toThrow(/not a plain path/);
    }
  });

  it('drops an earlier version’s read-model tables whatever their names hold', async () => {
    const db = openSqlite(join(root, 'legacy.sqlite'));
    const events = openSqliteEventStore(db);
    db.exec('CREATE TABLE "read_plain" (x)');
    db.exec(`CREATE TABLE "${HOSTILE.replaceAll('"', '""')}" (x)`);
    expect(dropLegacyReadModels(db)).toBe(2);
    expect(tablesOf(db)).toContain('events');
    expect(tablesOf(db).filter((name) => name.startsWith('read_'))).toEqual([]);
    await events.close();
    db.close();
  });

  it('leaves read-model tables of any name out of a backup, and the log whole', async () => {
    const dataDir = join(root, 'data');
    const db = openSqlite(join(dataDir, LOG_FILE), 'FULL');
    const events = openSqliteEventStore(db);
    db.exec(`CREATE TABLE "${HOSTILE.replaceAll('"', '""')}" (x)`);
    await events.close();
    db.close();
    const out = join(root, 'log.backup');
    await backupEmbedded({ dataDir, out, keysOut: null });
    const copy = new Database(out, { readonly: true });
    expect(tablesOf(copy)).toContain('events');
    expect(tablesOf(copy).filter((name) => name.startsWith('read_'))).toEqual([]);
    copy.close();
  });
});
