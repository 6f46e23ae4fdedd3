// A first build and then a full rebuild of every projection in a process of its own, so the
// peak memory measured is the rebuilding process's alone (the bench's own process holds the
// synthetic community it wrote, and keeps the heap an earlier rebuild grew). Prints JSON.
import { join } from 'node:path';
import { LOG_FILE, READ_MODELS_FILE } from '../../api/stores';
import { keyVaultDatabaseUrl } from '../../infra/config';
import { openPostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openPostgresKeyVault } from '../../infra/key-vault/postgres-key-vault';
import { openSqliteKeyVault } from '../../infra/key-vault/sqlite-key-vault';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openPostgresReadStore } from '../../infra/read-store/postgres/postgres-read-store';
import { openSqlite } from '../../infra/sqlite';
import { reactorsAt } from './community';
import { buildAndRebuild, type RebuildChildInput } from './postgres-rebuild';

const input = JSON.parse(process.argv[2]!) as RebuildChildInput;
// BENCH_MEMORY_LOG=<file>: every 5 s, where the process's memory is (heap, buffers, the rest).
if (process.env.BENCH_MEMORY_LOG) {
  const { appendFileSync } = await import('node:fs');
  const mib = (bytes: number) => Math.round(bytes / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    appendFileSync(
      process.env.BENCH_MEMORY_LOG!,
      `${new Date().toISOString()} ${input.engine} rss ${mib(m.rss)} heapTotal ${mib(m.heapTotal)} heapUsed ${mib(m.heapUsed)} external ${mib(m.external)} arrayBuffers ${mib(m.arrayBuffers)}\n`,
    );
  }, 5_000).unref();
}
const kek = Buffer.from(input.kekHex, 'hex');
if (input.engine === 'sqlite') {
  const logDb = openSqlite(join(input.dir, LOG_FILE), 'NORMAL');
  const readsDb = openSqlite(join(input.dir, READ_MODELS_FILE), 'NORMAL');
  const vault = await openSqliteKeyVault(openSqlite(input.vaultFile), kek);
  const readStore = openEmbeddedReadStore(readsDb);
  const figures = await buildAndRebuild(openSqliteEventStore(logDb), vault, readStore);
  await readStore.close();
  readsDb.close();
  logDb.close();
  process.stdout.write(JSON.stringify(figures));
} else {
  const log = await openPostgresEventStore({
    connectionString: input.databaseUrl,
    concurrentBatches: 1,
  });
  const vault = await openPostgresKeyVault(keyVaultDatabaseUrl(input.databaseUrl), kek);
  const readStore = await openPostgresReadStore({ connectionString: input.databaseUrl });
  const figures = await buildAndRebuild(log, vault, readStore);
  // The server started on it next runs its reactors from the head, as after a migration.
  await reactorsAt(readStore, (await log.headPosition())!);
  await readStore.close();
  await vault.close();
  await log.close();
  process.stdout.write(JSON.stringify(figures));
}
