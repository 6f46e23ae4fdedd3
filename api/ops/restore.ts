// `npm run restore -- --from FILE --keys-from FILE (--data-dir DIR | --database URL)`: restores
// a backup into an empty data folder or PostgreSQL store; Boon rebuilds the read models from
// the log when it first starts there.
import { resolve } from 'node:path';
import { runCli, UsageError } from './cli';
import { restoreEmbedded } from './embedded-backup';
import { restorePostgres } from './postgres-backup';

const USAGE = `Restores a backup of the log (and its key vault) into an empty data folder or database.

usage: npm run restore -- --from FILE (--keys-from FILE | --without-keys)
         (--data-dir DIR | --database URL)

  --from FILE        the log's backup
  --keys-from FILE   the key vault's backup taken with it
  --without-keys     restore the log alone: every sealed email stays unreadable, as if erased
  --data-dir DIR     the folder to restore into; it must hold no log and no key vault, or
  --database URL     a PostgreSQL database holding no events (the key vault goes to
                     KEY_VAULT_DATABASE_URL, else <name>_keys, made when missing; it must be empty)

Boon rebuilds the read models from the log when it first starts on the folder.
Exit codes: 0 done, 1 refused or failed, 2 bad arguments.`;

runCli(
  {
    name: 'restore',
    usage: USAGE,
    options: {
      from: { type: 'string' },
      'keys-from': { type: 'string' },
      'without-keys': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      database: { type: 'string' },
    },
  },
  async ({ values }) => {
    if (!values.from || Boolean(values['data-dir']) === Boolean(values.database)) {
      throw new UsageError('--from, and --data-dir or --database, are required');
    }
    if (Boolean(values['keys-from']) === values['without-keys']) {
      throw new UsageError(
        'give the key vault backup (--keys-from); --without-keys leaves every sealed email unreadable',
      );
    }
    const keysFrom = values['keys-from'] ? resolve(values['keys-from']) : null;
    const log = values.database
      ? await restorePostgres({
          from: resolve(values.from),
          keysFrom,
          databaseUrl: values.database,
          vaultUrl: process.env.KEY_VAULT_DATABASE_URL || undefined,
        })
      : await restoreEmbedded({
          from: resolve(values.from),
          keysFrom,
          dataDir: resolve(values['data-dir']!),
        });
    console.log(
      `restored: ${log.events} events in ${log.streams} streams, last position ${log.last}`,
    );
    console.log(`digest:   ${log.digest}`);
    console.log(
      'Start Boon on it (with the same key-encryption key): it builds the read models from the log.',
    );
  },
);
