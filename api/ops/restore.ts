// `tsx api/ops/restore.ts --from FILE --keys-from FILE --data-dir DIR`: restores a backup into
// an empty data folder; Boon rebuilds the read models from the log when it first starts there.
import { resolve } from 'node:path';
import { restoreEmbedded } from './embedded-backup';
import { options, run, usageError } from './cli';

const USAGE =
  'tsx api/ops/restore.ts --from FILE (--keys-from FILE | --without-keys) --data-dir DIR';
const given = options(USAGE, {
  from: { type: 'string' },
  'keys-from': { type: 'string' },
  'without-keys': { type: 'boolean', default: false },
  'data-dir': { type: 'string' },
});
if (!given.from || !given['data-dir']) usageError('--from and --data-dir are required', USAGE);
if (Boolean(given['keys-from']) === given['without-keys']) {
  usageError(
    'give the key vault backup (--keys-from); --without-keys leaves every sealed email unreadable',
    USAGE,
  );
}

run(async () => {
  const log = await restoreEmbedded({
    from: resolve(given.from!),
    keysFrom: given['keys-from'] ? resolve(given['keys-from']) : null,
    dataDir: resolve(given['data-dir']!),
  });
  console.log(
    `restored: ${log.events} events in ${log.streams} streams, last position ${log.last}`,
  );
  console.log(`digest:   ${log.digest}`);
  console.log(
    'Start Boon on this folder (with the same key-encryption key): it rebuilds the read models.',
  );
});
