import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { createTestDatabase, postgresServer } from '../support/postgres';
import { readModelsAndRebuild } from '../support/rebuild-compare';
import { spawnServer } from '../support/real-server';
import type { Figure } from './report';
import { SoakLoad, type Ack } from './soak-load';

const CYCLES = 20;
const CLIENTS = 40;
const WORKERS = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stores a data folder's server opened (`env`: DATABASE_URL for PostgreSQL). */
const storesOf = (dataDir: string, env: Record<string, string>) =>
  openStores(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }),
    silentLogger(),
  );

/** Acknowledged writes whose event is not in the log at the position the server answered. */
const lostWrites = async (dataDir: string, env: Record<string, string>, acks: Ack[]) => {
  const stores = await storesOf(dataDir, env);
  const stored = new Map(
    (await stores.events.readAll({ maxCount: 10_000_000 })).map((e) => [e.position, e]),
  );
  await stores.close();
  return acks.filter((ack) => {
    const event = stored.get(ack.position);
    if (!event || event.type !== ack.type) return true;
    const data = event.data as { responseId?: string; replyId?: string };
    return ack.id !== undefined && ack.id !== (data.replyId ?? data.responseId);
  });
};

/** Object keys sorted all the way down, so equal documents print the same. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;

/** The read models the killed-and-restarted process left, against a fresh replay of its log. */
const compareWithRebuild = async (dataDir: string, env: Record<string, string>) => {
  const { stored, rebuilt } = await readModelsAndRebuild(dataDir, { catchUpStored: true, env });
  let documents = 0;
  let differing = 0;
  for (const [name, docs] of Object.entries(rebuilt)) {
    const kept = new Set((stored[name] ?? []).map((doc) => JSON.stringify(canonical(doc))));
    documents += Math.max(docs.length, kept.size);
    differing += docs.filter((doc) => !kept.has(JSON.stringify(canonical(doc)))).length;
    differing += Math.max(0, kept.size - docs.length);
  }
  return { documents, differing };
};

/**
 * 20 SIGKILLs of the real server process while 40 people write through HTTP (answers, echoes,
 * replies, deletions, settings). Afterwards: every acknowledged write must be in the log, and
 * the read models the process kept must equal a fresh replay of the same log. `engine` holds
 * the engines' settings (none: the embedded ones; DATABASE_URL: PostgreSQL).
 */
export const killCycles = async (
  engine: Record<string, string>,
  on: string,
  { cycles = CYCLES, clients = CLIENTS, workers = WORKERS } = {},
): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-soak-'));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'soak-admin-password',
    ...engine,
  };
  const load = new SoakLoad(clients);
  let server = await spawnServer(env);
  load.serveAt(server.url);
  await load.register();
  const running = load.run(workers);
  for (let cycle = 1; cycle <= cycles; cycle++) {
    if (cycle > 1) {
      server = await spawnServer(env);
      load.serveAt(server.url);
    }
    await sleep(800 + Math.random() * 1_700);
    load.serveAt(null);
    await server.stop('SIGKILL');
  }
  load.stop();
  await running;

  const lost = await lostWrites(dataDir, engine, load.acks);
  const { documents, differing } = await compareWithRebuild(dataDir, engine);
  rmSync(dataDir, { recursive: true, force: true });

  const acknowledged = load.acks.length;
  return [
    {
      name: `acknowledged writes lost over ${cycles} kill -9 cycles${on}`,
      value: lost.length,
      unit: 'writes',
      baseline: acknowledged,
      baselineName: 'writes acknowledged',
      ratio: acknowledged === 0 ? 1 : lost.length / acknowledged,
      target: '0 lost',
      met: acknowledged > 0 && lost.length === 0,
      note: `${load.cutShort} requests cut short by the kills (not acknowledged)`,
    },
    {
      name: `read-model documents differing from a fresh rebuild of the same log${on}`,
      value: differing,
      unit: 'documents',
      baseline: documents,
      baselineName: 'documents in the read models',
      ratio: documents === 0 ? 1 : differing / documents,
      target: '0 differing',
      met: documents > 0 && differing === 0,
    },
  ];
};

export const soak = () => killCycles({}, '');

/** The same cycles with the log, read models and vault on PostgreSQL (a database of the run's own). */
export const postgresSoak = async (): Promise<Figure[]> => {
  const server = await postgresServer();
  if (!server.available) {
    console.log(`  skipped: no PostgreSQL (${server.skipReason})`);
    return [];
  }
  const database = await createTestDatabase('boon_soak');
  try {
    return await killCycles({ DATABASE_URL: database.url }, ' on PostgreSQL');
  } finally {
    await database.drop();
  }
};
