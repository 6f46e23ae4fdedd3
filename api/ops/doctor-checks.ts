import { existsSync, readFileSync, statfsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../../infra/config';
import type { EventStore } from '../../infra/event-store/event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { parseKeyEncryptionKey } from '../../infra/key-vault/key-encryption-key';
import type { ReadStore } from '../../infra/read-store/read-store';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { allProjections, allReactors } from '../../projections';
import { parkedReactions } from '../../projections/engine/parked-reactions';
import { projectionStatus } from '../../projections/engine/status';
import { KEY_VAULT_FILE, LOG_FILE, READ_MODELS_FILE } from '../stores';

/** One line of the doctor's report: fine, or what to do. */
export type Finding = { check: string; ok: boolean; detail: string };

const ok = (check: string, detail: string): Finding => ({ check, ok: true, detail });
const fix = (check: string, detail: string): Finding => ({ check, ok: false, detail });

const PRIVATE_FILES = [
  LOG_FILE,
  `${LOG_FILE}-wal`,
  READ_MODELS_FILE,
  `${READ_MODELS_FILE}-wal`,
  KEY_VAULT_FILE,
  `${KEY_VAULT_FILE}-wal`,
  'auth-secret',
  'key-encryption-key',
];

const fileModes = (dataDir: string): Finding[] => {
  if (!existsSync(dataDir)) return [ok('files', `${dataDir} is made on first start`)];
  const open = [dataDir, ...PRIVATE_FILES.map((f) => join(dataDir, f))].filter(
    (path) => existsSync(path) && (statSync(path).mode & 0o077) !== 0,
  );
  return open.length === 0
    ? [ok('files', `${dataDir} and its files are the owner's alone`)]
    : open.map((path) =>
        fix(
          'files',
          `${path} is readable by others: chmod ${path === dataDir ? 700 : 600} ${path}`,
        ),
      );
};

const keyEncryptionKey = (config: Config): Finding => {
  const source = config.keyVault.keyEncryptionKey;
  if (source.kind === 'value') return ok('key-encryption key', 'given by KEY_ENCRYPTION_KEY');
  const vaultInUse =
    config.mongoDbUrl !== undefined || existsSync(join(config.dataDir, KEY_VAULT_FILE));
  if (!existsSync(source.file)) {
    return vaultInUse
      ? fix(
          'key-encryption key',
          `missing at ${source.file}, while a key vault exists: restore it from where you keep ` +
            'it (without it no sealed email opens)',
        )
      : ok('key-encryption key', `made at ${source.file} on first start`);
  }
  return parseKeyEncryptionKey(readFileSync(source.file, 'utf8'))
    ? ok('key-encryption key', `read from ${source.file}`)
    : fix('key-encryption key', `${source.file} does not hold a 32-byte key`);
};

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer in ${ms / 1000} s`)), ms).unref(),
    ),
  ]);

type Engines = { events: EventStore; readStore: ReadStore; close: () => Promise<void> };

const openEngines = async (config: Config): Promise<Engines | Finding> => {
  try {
    const db = config.eventStoreUrl ? null : openSqlite(join(config.dataDir, LOG_FILE));
    const readDb = config.mongoDbUrl
      ? null
      : openSqlite(join(config.dataDir, READ_MODELS_FILE), 'NORMAL');
    const events = config.eventStoreUrl
      ? await within(
          (await import('../../infra/event-store/eventstoredb-event-store')).openEventStoreDb(
            config.eventStoreUrl,
          ),
          10_000,
          'EventStoreDB',
        )
      : openSqliteEventStore(db!);
    const readStore = config.mongoDbUrl
      ? await within(
          (await import('../../infra/read-store/mongo-read-store')).openMongoReadStore(
            config.mongoDbUrl,
          ),
          10_000,
          'MongoDB',
        )
      : openEmbeddedReadStore(readDb!);
    return {
      events,
      readStore,
      close: async () => {
        await events.close();
        await readStore.close();
        db?.close();
        readDb?.close();
      },
    };
  } catch (error) {
    return fix('engines', `${(error as Error).message}: start the engine or fix its URL`);
  }
};

const projections = async (engines: Engines): Promise<Finding[]> => {
  const statuses = await projectionStatus(engines.events, engines.readStore, allProjections, null);
  const findings = statuses.map((s) =>
    s.lastError
      ? fix(`projection ${s.name}`, `failing: ${s.lastError} (see the projector's log)`)
      : s.lagEvents === 0
        ? ok(`projection ${s.name}`, `caught up at ${s.checkpoint ?? 'the start'}`)
        : s.leaseOwner
          ? ok(`projection ${s.name}`, `${s.lagEvents} events behind, catching up`)
          : fix(`projection ${s.name}`, `${s.lagEvents} events behind and nobody runs it`),
  );
  const free = statuses.filter((s) => !s.leaseOwner).map((s) => s.name);
  findings.push(
    free.length === 0
      ? ok(
          'leases',
          `all ${statuses.length} held (${[...new Set(statuses.map((s) => s.leaseOwner))].join(', ')})`,
        )
      : fix(
          'leases',
          `${free.length} of ${statuses.length} held by no process: start a projector ` +
            '(ROLE=projector, or ROLE=all)',
        ),
  );
  return findings;
};

/** Events reactors gave up on: the effects they stand for (a badge, a score) are missing. */
const parked = async (engines: Engines): Promise<Finding[]> => {
  const reactors = await parkedReactions(
    engines.readStore,
    allReactors.map((reactor) => reactor.name),
    1,
  );
  const stuck = reactors.filter((r) => r.count > 0);
  if (stuck.length === 0) return [ok('parked reactions', 'none')];
  return stuck.map(({ reactor, count, events: [oldest] }) =>
    fix(
      `reactor ${reactor}`,
      `${count} event${count === 1 ? '' : 's'} parked (the oldest, ${oldest!.eventType} at ` +
        `${oldest!.position}: ${oldest!.error}): fix the cause, then ` +
        `npm run projections -- retry ${reactor}`,
    ),
  );
};

const diskSpace = (dir: string, minFreeBytes: number): Finding => {
  const stats = statfsSync(existsSync(dir) ? dir : '.');
  const free = stats.bavail * stats.bsize;
  const share = stats.bavail / stats.blocks;
  const said = `${(free / 2 ** 30).toFixed(1)} GiB free (${Math.round(share * 100)} %)`;
  return free < minFreeBytes || share < 0.05
    ? fix('disk', `${said} where ${dir} lives: make room before the log fills it`)
    : ok('disk', said);
};

/** Every check, in order; stops after the configuration when that is refused. */
export const diagnose = async (
  env: NodeJS.ProcessEnv,
  options: { minFreeBytes?: number } = {},
): Promise<Finding[]> => {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.map((problem) => fix('configuration', problem));
  }
  const findings = [
    ok(
      'configuration',
      `ROLE=${config.role}, log on ${config.postgres ? 'PostgreSQL' : config.eventStoreUrl ? 'EventStoreDB' : 'SQLite'}, read models on ${config.postgres ? 'PostgreSQL' : config.mongoDbUrl ? 'MongoDB' : 'SQLite'}`,
    ),
    ...fileModes(config.dataDir),
    keyEncryptionKey(config),
  ];
  if (config.postgres) {
    const { postgresFindings } = await import('./doctor-postgres');
    findings.push(...(await postgresFindings(config, config.postgres)));
  }
  const engines =
    config.eventStoreUrl || existsSync(join(config.dataDir, LOG_FILE))
      ? await openEngines(config)
      : null;
  if (engines === null) findings.push(ok('engines', 'no log yet: Boon starts an empty one'));
  else if ('check' in engines) findings.push(engines);
  else {
    try {
      findings.push(ok('engines', 'the event store and the read store answer'));
      findings.push(...(await projections(engines)));
      findings.push(...(await parked(engines)));
    } finally {
      await engines.close();
    }
  }
  findings.push(diskSpace(config.dataDir, options.minFreeBytes ?? 2 ** 30));
  return findings;
};
