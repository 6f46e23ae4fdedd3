// `npm run restore -- --from FILE --keys-from FILE --data-dir DIR`: restores a backup into an
// empty data folder; Boon rebuilds the read models from the log when it first starts there.
import { resolve } from 'node:path';
import { runCli, UsageError } from './cli';
import { restoreEmbedded } from './embedded-backup';

const USAGE = `Restores a backup of the embedded log (and its key vault) into an empty data folder.

usage: npm run restore -- --from FILE (--keys-from FILE | --without-keys) --data-dir DIR

  --from FILE        the log's backup
  --keys-from FILE   the key vault's backup taken with it
  --without-keys     restore the log alone: every sealed email stays unreadable, as if erased
  --data-dir DIR     the folder to restore into; it must hold no log and no key vault

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
    },
  },
  async ({ values }) => {
    if (!values.from || !values['data-dir']) {
      throw new UsageError('--from and --data-dir are required');
    }
    if (Boolean(values['keys-from']) === values['without-keys']) {
      throw new UsageError(
        'give the key vault backup (--keys-from); --without-keys leaves every sealed email unreadable',
      );
    }
    const log = await restoreEmbedded({
      from: resolve(values.from),
      keysFrom: values['keys-from'] ? resolve(values['keys-from']) : null,
      dataDir: resolve(values['data-dir']),
    });
    console.log(
      `restored: ${log.events} events in ${log.streams} streams, last position ${log.last}`,
    );
    console.log(`digest:   ${log.digest}`);
    console.log(
      'Start Boon on this folder (with the same key-encryption key): it rebuilds the read models.',
    );
  },
);
