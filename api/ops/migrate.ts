// `tsx api/ops/migrate.ts --from-data-dir DIR (--to-data-dir DIR | --to-eventstore URL
// --to-mongodb URL) [--verify]`: moves an embedded store's history to another store by
// replaying its log, then builds the destination's read models from it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { KEY_VAULT_FILE, LOG_FILE, openStores } from '../stores';
import { options, run, usageError } from './cli';
import { summarizeLog } from './log-digest';
import {
  buildReadModels,
  copyKeys,
  copyLog,
  digestReadModels,
  readModelDifferences,
  type CopyProgress,
} from './replay';

const USAGE =
  'tsx api/ops/migrate.ts --from-data-dir DIR [--from-key-file FILE] ' +
  '(--to-data-dir DIR | --to-eventstore URL --to-mongodb URL) [--verify]';
const given = options(USAGE, {
  'from-data-dir': { type: 'string' },
  'from-key-file': { type: 'string' },
  'to-data-dir': { type: 'string' },
  'to-eventstore': { type: 'string' },
  'to-mongodb': { type: 'string' },
  verify: { type: 'boolean', default: false },
});
const fromDir = given['from-data-dir'] ? resolve(given['from-data-dir']) : undefined;
const toDir = given['to-data-dir'] ? resolve(given['to-data-dir']) : undefined;
const engines = Boolean(given['to-eventstore']) || Boolean(given['to-mongodb']);
if (!fromDir || !existsSync(join(fromDir, LOG_FILE))) {
  usageError('--from-data-dir must name a folder holding an embedded log', USAGE);
}
if (Boolean(toDir) === engines) usageError('give --to-data-dir, or the engines', USAGE);
if (engines && !(given['to-eventstore'] && given['to-mongodb'])) {
  usageError('--to-eventstore and --to-mongodb go together', USAGE);
}
if (toDir === fromDir) usageError('the destination must not be the source', USAGE);
const fromKeyFile = resolve(given['from-key-file'] ?? join(fromDir!, 'key-encryption-key'));
if (existsSync(join(fromDir!, KEY_VAULT_FILE)) && !existsSync(fromKeyFile)) {
  usageError(`the source's key-encryption key is not at ${fromKeyFile}: --from-key-file`, USAGE);
}

/** A bar on a terminal; elsewhere a line at every tenth. */
const progress = () => {
  let shown = -1;
  return ({ done, total }: CopyProgress) => {
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (process.stderr.isTTY) {
      const bar = '#'.repeat(tenth * 3).padEnd(30, '-');
      process.stderr.write(`\r[${bar}] ${done}/${total} events`);
      if (done === total) process.stderr.write('\n');
    } else if (tenth !== shown) {
      console.error(`copied ${done}/${total} events`);
    }
    shown = tenth;
  };
};

run(async () => {
  const logger = silentLogger();
  const source = await openStores(
    loadConfig({ DATA_DIR: fromDir, KEY_ENCRYPTION_KEY_FILE: fromKeyFile }),
    logger,
  );
  const destination = await openStores(
    loadConfig({
      ...process.env,
      ROLE: 'all',
      DATA_DIR: toDir ?? process.env.DATA_DIR,
      EVENTSTORE_URL: given['to-eventstore'] ?? '',
      MONGODB_URL: given['to-mongodb'] ?? '',
    }),
    logger,
  );
  let failed = false;
  try {
    // The log moves as stored: sealed fields stay sealed (their keys move with copyKeys), and
    // nothing waits on a key between two appends, so the copy keeps the source's order.
    const copy = await copyLog(source.log, destination.log, progress());
    const keys = await copyKeys(fromDir!, source.vault, destination.vault);
    const [from, to] = [await summarizeLog(source.log), await summarizeLog(destination.log)];
    failed = from.digest !== to.digest;
    console.log(
      `events:      ${copy.total} in the source; ${copy.copied} copied now, ` +
        `${copy.alreadyThere} there already`,
    );
    console.log(`streams:     ${to.streams}`);
    console.log(`source:      positions ${from.first}–${from.last}, digest ${from.digest}`);
    console.log(
      `destination: positions ${to.first}–${to.last}, digest ${to.digest} ` +
        `(${failed ? 'DIFFERENT' : 'equal'})`,
    );
    console.log(`keys:        ${keys} taken in`);
    console.error('building the read models…');
    await buildReadModels(destination.events, destination.readStore, () =>
      process.stderr.write('.'),
    );
    console.log('read models: built from the copied log');
    if (given.verify) {
      const [a, b] = [
        await digestReadModels(source.readStore),
        await digestReadModels(destination.readStore),
      ];
      const differ = readModelDifferences(a, b);
      failed ||= differ.length > 0;
      console.log(
        differ.length === 0
          ? `verify:      ${Object.keys(a).length} read-model collections equal (counts and digests)`
          : `verify:      these differ: ${differ.join(', ')}`,
      );
    }
  } finally {
    await destination.close();
    await source.close();
  }
  if (failed) process.exit(1);
});
