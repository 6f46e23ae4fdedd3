// `npm run migrate -- (--from-data-dir DIR | --from-database URL --from-key-file FILE)
// (--to-data-dir DIR | --to-database URL | --to-eventstore URL --to-mongodb URL) [--verify]`:
// moves a store's history to another by replaying its log, then builds the destination's read
// models from it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { KEY_VAULT_FILE, LOG_FILE, openStores } from '../stores';
import { runCli, UsageError } from './cli';
import { summarizeLog } from './log-digest';
import { buildReadModels, copyKeys, copyLog, type CopyProgress } from './replay';
import { verifyAgainstEmbeddedBuild, verifyReadModels } from './verify';

const USAGE = `Moves a store's history to another store by replaying its log.

usage: npm run migrate -- (--from-data-dir DIR | --from-database URL) [--from-key-file FILE]
         (--to-data-dir DIR | --to-database URL | --to-eventstore URL --to-mongodb URL)
         [--verify]

  --from-data-dir DIR    the embedded store to copy (stop Boon's writes first), or
  --from-database URL    a PostgreSQL store (its key vault in <name>_keys beside it)
  --from-key-file FILE   the source's key-encryption key (default DIR/key-encryption-key)
  --to-data-dir DIR      copy into another embedded folder, or
  --to-database URL      into PostgreSQL (the key vault in <name>_keys), or
  --to-eventstore URL    into EventStoreDB, with
  --to-mongodb URL       MongoDB for the read models and the key vault
  --verify               also compare every read-model collection of source and destination

The copy resumes where an earlier run stopped and copies nothing twice. Progress goes to stderr.
Exit codes: 0 done and equal, 1 refused, failed or different, 2 bad arguments.`;

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

runCli(
  {
    name: 'migrate',
    usage: USAGE,
    options: {
      'from-data-dir': { type: 'string' },
      'from-key-file': { type: 'string' },
      'to-data-dir': { type: 'string' },
      'to-eventstore': { type: 'string' },
      'to-mongodb': { type: 'string' },
      'from-database': { type: 'string' },
      'to-database': { type: 'string' },
      verify: { type: 'boolean', default: false },
    },
  },
  async ({ values }) => {
    const fromDir = values['from-data-dir'] ? resolve(values['from-data-dir']) : undefined;
    const fromDatabase = values['from-database'];
    const toDir = values['to-data-dir'] ? resolve(values['to-data-dir']) : undefined;
    const toDatabase = values['to-database'];
    const engines = Boolean(values['to-eventstore']) || Boolean(values['to-mongodb']);
    if (Boolean(fromDir) === Boolean(fromDatabase)) {
      throw new UsageError('give the source: --from-data-dir, or --from-database');
    }
    if (fromDir && !existsSync(join(fromDir, LOG_FILE))) {
      throw new UsageError('--from-data-dir must name a folder holding an embedded log');
    }
    if ([toDir, toDatabase, engines].filter(Boolean).length !== 1) {
      throw new UsageError('give one destination: --to-data-dir, --to-database, or the engines');
    }
    if (engines && !(values['to-eventstore'] && values['to-mongodb'])) {
      throw new UsageError('--to-eventstore and --to-mongodb go together');
    }
    if ((toDir && toDir === fromDir) || (toDatabase && toDatabase === fromDatabase)) {
      throw new UsageError('the destination must not be the source');
    }
    if (fromDatabase && !values['from-key-file']) {
      throw new UsageError(
        "--from-database needs the source's key-encryption key: --from-key-file",
      );
    }
    const fromKeyFile = resolve(values['from-key-file'] ?? join(fromDir!, 'key-encryption-key'));
    if (fromDir && existsSync(join(fromDir, KEY_VAULT_FILE)) && !existsSync(fromKeyFile)) {
      throw new UsageError(
        `the source's key-encryption key is not at ${fromKeyFile}: --from-key-file`,
      );
    }
    if (fromDatabase && !existsSync(fromKeyFile)) {
      throw new UsageError(`the source's key-encryption key is not at ${fromKeyFile}`);
    }

    const logger = silentLogger();
    // A database source keeps nothing in a folder; its tool still needs one to stand in.
    const scratch = fromDatabase ? mkdtempSync(join(tmpdir(), 'boon-migrate-')) : null;
    const source = await openStores(
      loadConfig({
        DATA_DIR: fromDir ?? scratch!,
        KEY_ENCRYPTION_KEY_FILE: fromKeyFile,
        ...(fromDatabase ? { DATABASE_URL: fromDatabase } : {}),
      }),
      logger,
    ).catch((error: unknown) => {
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      throw error;
    });
    const destination = await openStores(
      loadConfig({
        ...process.env,
        ROLE: 'all',
        DATA_DIR: toDir ?? process.env.DATA_DIR,
        DATABASE_URL: toDatabase ?? '',
        EVENTSTORE_URL: values['to-eventstore'] ?? '',
        MONGODB_URL: values['to-mongodb'] ?? '',
      }),
      logger,
      { orderedAppends: true },
    ).catch(async (error: unknown) => {
      await source.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      throw error;
    });
    let failed = false;
    try {
      // The log moves as stored: sealed fields stay sealed (their keys move with copyKeys), and
      // nothing waits on a key between two appends, so the copy keeps the source's order.
      const copy = await copyLog(source.log, destination.log, progress());
      const keys = await copyKeys(source.vault, destination.vault);
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
      if (values.verify) {
        // Positions kept (the same engine's numbering): the source's read models are the
        // reference; else an embedded build of the copy is (read models hold positions).
        const samePositions = from.first === to.first && from.last === to.last;
        const verified = samePositions
          ? await verifyReadModels(source, destination.readStore)
          : await verifyAgainstEmbeddedBuild(destination);
        failed ||= verified.outcome !== 'equal';
        console.log(
          verified.outcome === 'equal'
            ? `verify:      ${verified.collections} read-model collections equal (counts and digests)${
                samePositions
                  ? ''
                  : ' to an embedded build of the copied log (positions differ between engines)'
              }`
            : verified.outcome === 'different'
              ? `verify:      these differ: ${verified.collections.join(', ')}`
              : `verify:      not compared: ${verified.reason}`,
        );
      }
    } finally {
      await destination.close();
      await source.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    }
    return failed ? 1 : 0;
  },
);
