// `tsx api/ops/backup.ts --out FILE --keys-out FILE [--data-dir DIR]`: an online backup of
// the embedded event log, and of the key vault to a file of its own, while Boon serves.
import { resolve } from 'node:path';
import { backupEmbedded } from './embedded-backup';
import { options, run, usageError } from './cli';

const USAGE =
  'tsx api/ops/backup.ts --out FILE (--keys-out FILE | --without-keys) [--data-dir DIR]';
const given = options(USAGE, {
  out: { type: 'string' },
  'keys-out': { type: 'string' },
  'without-keys': { type: 'boolean', default: false },
  'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
});
if (!given.out) usageError('--out is required', USAGE);
if (Boolean(given['keys-out']) === given['without-keys']) {
  usageError('say where the key vault goes (--keys-out), or --without-keys', USAGE);
}
if (process.env.EVENTSTORE_URL || process.env.MONGODB_URL) {
  usageError('EventStoreDB and MongoDB are backed up with their own tools', USAGE);
}

run(async () => {
  const report = await backupEmbedded({
    dataDir: resolve(given['data-dir']!),
    out: resolve(given.out!),
    keysOut: given['keys-out'] ? resolve(given['keys-out']) : null,
  });
  const { log } = report;
  console.log(`log:      ${report.logFile}`);
  console.log(`keys:     ${report.keysFile ?? 'not backed up'}`);
  console.log(
    `events:   ${log.events} in ${log.streams} streams, positions ${log.first}–${log.last}`,
  );
  console.log(`digest:   ${log.digest}`);
});
