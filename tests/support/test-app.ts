import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import request from 'supertest';
import express from 'express';
import { createApp } from '../../api/app';
import { createRateLimiter } from '../../api/auth/rate-limiter';
import { createKeyedLock } from '../../api/commands/keyed-lock';
import { ensureMiniDilemma } from '../../api/commands/mini-day';
import { ensureQuestionOfTheDay } from '../../api/commands/question-of-the-day';
import type { AppContext } from '../../api/context';
import { createQuotas } from '../../api/http/quotas';
import type { BankQuestion } from '../../domain/questions/bank';
import { createKdfPool } from '../../infra/auth/kdf-pool';
import { createPasswordHasher } from '../../infra/auth/passwords';
import { deriveAuthKeys } from '../../infra/auth/secrets';
import { openMail } from '../../infra/email/mail';
import { newId } from '../../infra/crypto';
import { openSqliteKeyVault } from '../../infra/key-vault/sqlite-key-vault';
import { sealingEventStore } from '../../infra/event-store/sealing-event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openPostgresTestStores, testEngine, type TestEngineStores } from './engines';
import { createLogger, silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { openRuntime } from '../../api/processes/runtime';
import { KEY_VAULT_FILE, LOG_FILE, READ_MODELS_FILE } from '../../api/stores';
import { DEFAULT_HOLD_THRESHOLD } from '../../domain/moderation/moderation';
import { allReactors } from '../../projections';
import { generateVapidKeys } from '../../api/push/vapid-keys';

export const testBank: BankQuestion[] = [1, 2, 3].map((id) => ({
  id,
  content: `Is it ever right to break promise number ${id}? Why or why not?`,
  category: 'Ethics & Morality',
  resources: [
    {
      id: `q${id}-r1`,
      title: 'Promises',
      description: 'On promising.',
      link: 'https://plato.stanford.edu/entries/promises/',
    },
  ],
}));

export const testAdmin = { username: 'admin', password: 'correct horse battery staple' };

const testDayRules = { timeZone: 'America/New_York', startHour: 3 };

export const newDeviceId = () => randomBytes(16).toString('base64url');

/**
 * The engines a test app runs on: in-memory SQLite (or files in a folder the test names), or
 * PostgreSQL when the suites run with `BOON_TEST_ENGINE=postgres`. Each in databases of their
 * own, as in production: the log, the read models, and the vault apart from the log.
 */
const openEngines = async (files?: {
  dataDir: string;
  keyEncryptionKey: Buffer;
}): Promise<TestEngineStores> => {
  if (testEngine === 'postgres' && !files)
    return openPostgresTestStores({
      // Every test app's databases are copies of one made once per run, where a runtime was
      // opened on the empty log (the projections' first generations), then closed: each test's
      // runtime starts as a process restarted on an empty log does.
      template: {
        kind: 'test_app',
        prepare: async (stores) => {
          const { events } = sealingEventStore(stores.log, stores.vault);
          const runtime = await openRuntime(
            {
              events,
              log: stores.log,
              readStore: stores.readStore,
              vault: stores.vault,
              close: async () => {},
            },
            'all',
            silentLogger(),
            {
              commands: {
                clock: { now: () => new Date() },
                dayRules: testDayRules,
                newId,
                streamLock: createKeyedLock(),
              },
            },
          );
          await runtime.close();
        },
      },
    });
  const file = (name: string) => (files ? join(files.dataDir, name) : ':memory:');
  const db = openSqlite(file(LOG_FILE));
  const log = openSqliteEventStore(db, { pollIntervalMs: 20 });
  // The read models' units of work are transactions of their own connection.
  const readDb = openSqlite(file(READ_MODELS_FILE), 'NORMAL');
  const readStore = openEmbeddedReadStore(readDb);
  const keysDb = openSqlite(file(KEY_VAULT_FILE));
  const vault = await openSqliteKeyVault(keysDb, files?.keyEncryptionKey ?? randomBytes(32));
  return {
    log,
    writtenHead: null,
    readStore,
    vault,
    close: async () => {
      await readStore.close();
      db.close();
      readDb.close();
      keysDb.close();
    },
  };
};

/** The real app on the embedded engines (in-memory SQLite) or PostgreSQL, with a clock the test moves. */
export const startTestApp = async (
  options: {
    now?: Date;
    bank?: BankQuestion[];
    /** Express 'trust proxy' (the app trusts no proxy by default). */
    trustProxy?: string | number | boolean;
    /**
     * Files in this folder instead of memory (the log, the read models, the key vault), so a
     * test can stop the app and start it again on what it wrote; with the key-encryption key
     * that opens the vault.
     */
    files?: { dataDir: string; keyEncryptionKey: Buffer };
    /** Distinct reporters that hold a reported item (the configuration's default otherwise). */
    holdThreshold?: number;
  } = {},
) => {
  let now = options.now ?? new Date('2026-11-22T15:00:00Z');
  const logger = process.env.TEST_LOG ? createLogger(process.env.TEST_LOG) : silentLogger();
  const streamLock = createKeyedLock();
  const engines = await openEngines(options.files);
  // Personal fields sealed at the log's boundary, as openStores does.
  const { events, vault } = sealingEventStore(engines.log, engines.vault);
  const { log, readStore } = engines;
  const runtime = await openRuntime(
    {
      events,
      log,
      readStore,
      vault,
      close: async () => {
        await events.close();
        await engines.close();
      },
    },
    'all',
    logger,
    {
      commands: {
        clock: { now: () => now },
        dayRules: testDayRules,
        newId,
        streamLock,
      },
    },
  );
  const { readModels } = runtime;
  const kdf = createKdfPool({ workers: 1 });
  const mail = openMail(
    { smtpUrl: undefined, mailFrom: 'Boon <test@localhost>' },
    logger,
    () => 'http://localhost:3000',
  );
  const ctx: AppContext = {
    events,
    readModels,
    projections: runtime.ops,
    clock: { now: () => now },
    logger,
    dayRules: testDayRules,
    bank: options.bank ?? testBank,
    readWaitMs: 2000,
    newId,
    streamLock,
    auth: {
      keys: deriveAuthKeys(randomBytes(32)),
      vault,
      passwords: createPasswordHasher(2 ** 10, kdf.derive),
      accessTokenSeconds: 900,
      adminTokenSeconds: 12 * 60 * 60,
      admin: testAdmin,
      limiter: createRateLimiter({ now: () => now }),
    },
    quotas: createQuotas({ now: () => now }),
    moderation: { holdThreshold: options.holdThreshold ?? DEFAULT_HOLD_THRESHOLD },
    mail,
    opinionMaps: runtime.opinionMaps,
    // Pushes may go to a loopback push-service peer (tests/support/push-peer.ts).
    push: {
      keys: generateVapidKeys(),
      subject: 'mailto:push@boon.test',
      policy: { loopbackHttp: true },
    },
  };
  // Today has its question from the start, as the day keeper gives it in a real process.
  await ensureQuestionOfTheDay(ctx);
  await ensureMiniDilemma(ctx);
  const app = createApp(ctx, { trustProxy: options.trustProxy ?? false });
  const projectionNames = readModels.projections.map((p) => p.name);
  /** Resolves once every projection and every reactor has passed the position. */
  const caughtUp = async (position: bigint, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    if (!(await readModels.waitFor(position, projectionNames, timeoutMs))) return false;
    const reactorsAt = () =>
      allReactors.every((reactor) => {
        const checkpoint = runtime.engine?.reactorOf(reactor.name)?.checkpoint ?? null;
        return checkpoint !== null && checkpoint >= position;
      });
    while (!reactorsAt()) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return true;
  };
  /**
   * Resolves once the projections and reactors passed the log's head and the commands the
   * reactors asked for (e.g. badges) are written and projected too: the log is still until
   * the next request, so a test can count its events.
   */
  /**
   * Everything written so far readable (PostgreSQL shows an event once every transaction below
   * it ended, in any database of the cluster: another suite's long unit of work holds it back,
   * hence the generous bound).
   */
  const writtenReadable = async (timeoutMs = 30_000) => {
    const written = await engines.writtenHead?.();
    const deadline = Date.now() + timeoutMs;
    while (written && ((await events.headPosition()) ?? -1n) < written) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const settled = async (timeoutMs = 10_000) => {
    await writtenReadable();
    for (let head = await events.headPosition(); head !== null;) {
      await caughtUp(head, timeoutMs);
      let next = await events.headPosition();
      if (next === head) {
        // What the reactors wrote meanwhile may not be readable yet (PostgreSQL): a head read
        // before it is would end the wait with their commands still to come.
        await writtenReadable();
        next = await events.headPosition();
      }
      if (next === head) return;
      head = next;
    }
  };
  /**
   * On PostgreSQL the projections trail a write further than on SQLite (an event is read once
   * every transaction below it has ended): each request of a suite is handled once what was
   * written before it is projected, as a person acts on what they were shown. The embedded
   * engines serve the suites as they are, races and all.
   */
  const served =
    testEngine === 'postgres'
      ? express()
          .use((_req, _res, next) => {
            void settled().then(() => next(), next);
          })
          .use(app)
      : app;
  /** The whole log once settled: what a test counts is not racing a reactor. */
  const allEvents = async () => {
    await settled();
    return events.readAll({ maxCount: 1_000_000 });
  };
  /** The log as stored, sealed fields unopened: what a copy of the log's file would show. */
  const rawEvents = async () => {
    await writtenReadable();
    return log.readAll({ maxCount: 1_000_000 });
  };

  /** Registers a device; like a person, picks another offered pseudonym when one was just taken. */
  const register = async (deviceId = newDeviceId(), pseudonym?: string) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const name: string =
        pseudonym ??
        (await request(app).post('/api/user/generate-pseudonyms').set('X-Device-ID', deviceId)).body
          .pseudonyms[0];
      const res = await request(app)
        .post('/api/user/setup')
        .set('X-Device-ID', deviceId)
        .send({ pseudonym: name, privacyConsent: true, termsConsent: true, onboarded: true });
      if (res.status === 201)
        return { deviceId, pseudonym: name, position: res.body.position as string };
      if (res.status !== 409 || pseudonym) {
        throw new Error(`setup failed: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    throw new Error('setup failed: no free pseudonym after 5 tries');
  };

  const todaysQuestion = async () =>
    (await request(app).get('/api/question/today')).body as { id: number; content: string };

  return {
    app: served,
    ctx,
    events,
    readModels,
    readStore,
    engine: runtime.engine!,
    caughtUp,
    settled,
    allEvents,
    rawEvents,
    vault,
    register,
    todaysQuestion,
    setNow: (date: Date) => {
      now = date;
    },
    /** Moves the clock to a new product day and activates its question, as the day keeper does. */
    newDay: async (date: Date) => {
      now = date;
      await ensureQuestionOfTheDay(ctx);
    },
    /** The mail the development outbox kept, oldest first. */
    outbox: () => mail.outbox!.entries(),
    close: async () => {
      await kdf.close();
      await runtime.close();
    },
  };
};

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
