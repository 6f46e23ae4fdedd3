import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../api/server';
import { LOG_FILE, READ_MODELS_FILE } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { openSqlite } from '../../infra/sqlite';
import { startCheckpointer } from '../../infra/sqlite-checkpointer';

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `boon-read-file-${name}-`));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const start = (dataDir: string) =>
  startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: silentLogger(),
  });

const todaysQuestion = async (url: string) =>
  (await (await fetch(`${url}/api/question/today`)).json()) as { id: number; question: string };

const tablesOf = (file: string) => {
  const db = openSqlite(file);
  try {
    return db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => row.name);
  } finally {
    db.close();
  }
};

describe('the read models in a file of their own', () => {
  it('keeps the log file to the log, and rebuilds read models an earlier layout kept in it', async () => {
    const dataDir = tempDir('layout');
    const first = await start(dataDir);
    const question = await todaysQuestion(first.url);
    await first.close();
    expect(tablesOf(join(dataDir, LOG_FILE)).filter((name) => name.startsWith('read_'))).toEqual(
      [],
    );
    expect(tablesOf(join(dataDir, READ_MODELS_FILE))).toContain('doc:questions_g1');

    // An earlier version's layout: the read models beside the log, none in a file of their own.
    rmSync(join(dataDir, READ_MODELS_FILE));
    rmSync(join(dataDir, `${READ_MODELS_FILE}-wal`), { force: true });
    rmSync(join(dataDir, `${READ_MODELS_FILE}-shm`), { force: true });
    const log = openSqlite(join(dataDir, LOG_FILE));
    log.exec(`CREATE TABLE read_documents (collection TEXT, id TEXT, doc TEXT);
      INSERT INTO read_documents VALUES ('questions_g1', 'stale', '{}');`);
    log.close();

    const again = await start(dataDir);
    try {
      expect(await todaysQuestion(again.url)).toEqual(question);
      expect(tablesOf(join(dataDir, LOG_FILE))).not.toContain('read_documents');
    } finally {
      await again.close();
    }

    // The layout before read models had tables of their own (every document in one table,
    // loaded into memory): its tables are dropped and the read models built again from the log.
    for (const suffix of ['', '-wal', '-shm']) {
      rmSync(join(dataDir, `${READ_MODELS_FILE}${suffix}`), { force: true });
    }
    const previous = openSqlite(join(dataDir, READ_MODELS_FILE));
    previous.exec(`CREATE TABLE read_collections (name TEXT PRIMARY KEY);
      CREATE TABLE read_commits (seq INTEGER PRIMARY KEY, origin TEXT, changes TEXT, notices TEXT, at INTEGER);
      CREATE TABLE read_documents (collection TEXT, id TEXT, doc TEXT);
      INSERT INTO read_documents VALUES ('questions_g1', 'stale', '{}');`);
    previous.close();
    const third = await start(dataDir);
    try {
      expect(await todaysQuestion(third.url)).toEqual(question);
      const tables = tablesOf(join(dataDir, READ_MODELS_FILE));
      expect(tables.filter((name) => /^read_(documents|collections|commits)$/.test(name))).toEqual(
        [],
      );
      expect(tables).toContain('doc:questions_g1');
    } finally {
      await third.close();
    }
  });

  it("checkpoints the read models' WAL on a thread, not on the connection that commits", async () => {
    const file = join(tempDir('checkpoint'), READ_MODELS_FILE);
    const db = openSqlite(file, 'NORMAL');
    const checkpointer = startCheckpointer(db, 50);
    db.exec('CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    // About 2,000 pages: under the committing connection's own threshold (10,000).
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run('x'.repeat(3000));
    })();
    const before = statSync(file).size;
    // The thread copies the WAL into the file by itself, soon (the connection never does).
    await expect
      .poll(() => statSync(file).size, { timeout: 10_000 })
      .toBeGreaterThan(before + 4_000_000);
    await checkpointer.close();
    db.close();
  });

  it('a checkpoint thread whose file is gone before it opens it ends quietly, and the process goes on', async () => {
    const dir = tempDir('gone');
    const db = openSqlite(join(dir, READ_MODELS_FILE), 'NORMAL');
    const checkpointer = startCheckpointer(db, 50);
    // The thread opens its own connection once it has started: the folder is gone by then.
    db.close();
    rmSync(dir, { recursive: true, force: true });
    // It ends by itself, without an error, before anyone asks it to.
    expect(await checkpointer.ended).toEqual({ code: 0, error: null });
    await checkpointer.close();
  });
});
