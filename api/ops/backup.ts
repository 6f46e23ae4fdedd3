// `npm run backup -- --out FILE --keys-out FILE [--data-dir DIR | --database URL] [--force]`:
// an online backup of the event log, and of the key vault to a file of its own, while Boon
// serves: the embedded files, or a PostgreSQL store (DATABASE_URL), in the same format.
import { resolve } from 'node:path';
import { runCli, UsageError } from './cli';
import { backupEmbedded } from './embedded-backup';
import { backupPostgres } from './postgres-backup';

const USAGE = `Backs up the event log and, to a file of its own, the key vault, while Boon serves.

usage: npm run backup -- --out FILE (--keys-out FILE | --without-keys)
         [--data-dir DIR | --database URL] [--force]

  --out FILE        the log's backup (read models are left out: they are rebuilt from the log)
  --keys-out FILE   the key vault's backup: keep it apart from the log's
  --without-keys    no key vault backup (a log restored alone opens no sealed email)
  --data-dir DIR    the data folder to back up (default DATA_DIR, else ./data), or
  --database URL    a PostgreSQL store (default DATABASE_URL when set; its key vault in
                    KEY_VAULT_DATABASE_URL, else <name>_keys); same files, restorable to either
  --force           replace an existing file (never one in a data folder, never an engine's,
                    never one the configuration names: KEY_ENCRYPTION_KEY_FILE, *_FILE)

Files are written owner-only under a temporary name and renamed into place once whole.
Exit codes: 0 done, 1 refused or failed, 2 bad arguments.`;

runCli(
  {
    name: 'backup',
    usage: USAGE,
    options: {
      out: { type: 'string' },
      'keys-out': { type: 'string' },
      'without-keys': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      database: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  },
  async ({ values }) => {
    if (!values.out) throw new UsageError('--out is required');
    if (Boolean(values['keys-out']) === values['without-keys']) {
      throw new UsageError('say where the key vault goes (--keys-out), or --without-keys');
    }
    if (process.env.EVENTSTORE_URL || process.env.MONGODB_URL) {
      throw new UsageError('EventStoreDB and MongoDB are backed up with their own tools');
    }
    const database = values.database ?? (values['data-dir'] ? undefined : process.env.DATABASE_URL);
    if (database && values['data-dir']) throw new UsageError('--data-dir or --database, not both');
    const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
    const report = database
      ? await backupPostgres({
          databaseUrl: database,
          vaultUrl: process.env.KEY_VAULT_DATABASE_URL || undefined,
          out: values.out,
          keysOut: values['keys-out'] ?? null,
          force: values.force,
          dataDirs: [dataDir],
        })
      : await backupEmbedded({
          dataDir,
          out: values.out,
          keysOut: values['keys-out'] ?? null,
          force: values.force,
        });
    const { log } = report;
    console.log(`log:      ${report.logFile}`);
    console.log(`keys:     ${report.keysFile ?? 'not backed up'}`);
    console.log(
      `events:   ${log.events} in ${log.streams} streams, positions ${log.first}–${log.last}`,
    );
    console.log(`digest:   ${log.digest}`);
  },
);
