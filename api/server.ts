import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import proxyaddr from 'proxy-addr';
import type { BankQuestion } from '../domain/questions/bank';
import { questionBank } from '../domain/questions/bank/questions';
import { adjustableClock, systemClock, type Clock } from '../infra/clock';
import type { Config } from '../infra/config';
import { createKdfPool } from '../infra/auth/kdf-pool';
import { createPasswordHasher, PRODUCTION_SCRYPT_COST } from '../infra/auth/passwords';
import { deriveAuthKeys, loadAuthSecret } from '../infra/auth/secrets';
import { openMail } from '../infra/email/mail';
import { newId } from '../infra/crypto';
import type { Logger } from '../infra/logger';
import { createMetrics, withAppendMetrics } from '../infra/metrics';
import { createApp } from './app';
import { createRateLimiter } from './auth/rate-limiter';
import type { AdminCredentials } from './auth/services';
import { createKeyedLock } from './commands/keyed-lock';
import {
  createQuotas,
  REGISTRATIONS_PER_ADDRESS,
  REPORTS_PER_PERSON,
  type Quotas,
} from './http/quotas';
import { createHttpServer, HTTP_LIMITS, type HttpLimits } from './http/server-limits';
import type { AppContext } from './context';
import { createLiveHub, routeUpgrades } from './live/hub';
import { createMiniChatHub } from './live/mini-chat';
import { activateDay, startDayKeeper } from './processes/day-keeper';
import {
  countedDerive,
  projectionObserver,
  watchDatabasePools,
  watchHubs,
  watchProjections,
} from './processes/process-metrics';
import { openRuntime, type Role } from './processes/runtime';
import { drainable } from './processes/shutdown';
import { openStores, type Stores } from './stores';
import { loadVapidKeys } from './push/vapid-keys';
import { startPushWorker } from './push/worker';

export type RunningServer = {
  url: string;
  server: Server;
  context: AppContext;
  close: () => Promise<void>;
};

export type StartOptions = {
  config: Config;
  logger: Logger;
  uiDir?: string;
  clock?: Clock;
  bank?: readonly BankQuestion[];
  stores?: Stores;
  /** Admin credentials when the configuration has none (main generates them). */
  admin?: AdminCredentials;
  passwordCost?: number;
  /** 'all' (default) also runs the projections; 'api' serves from what other processes project. */
  role?: Exclude<Role, 'projector'>;
  httpLimits?: HttpLimits;
  /** Per-address and per-device limits; benchmarks that register thousands lift them. */
  quotas?: Quotas;
  /** How often the live chat renews and sweeps presence (a third of its TTL); tests hurry it. */
  liveChat?: { renewMs: number };
  /** How often /ws renews its per-address counts (a third of their TTL); tests hurry it. */
  live?: { renewMs: number };
};

/** Opens the stores, starts the projections, the HTTP app and the ws hub on one port. */
export const startServer = async (options: StartOptions): Promise<RunningServer> => {
  const { config, logger } = options;
  const stores = options.stores ?? (await openStores(config, logger));
  // TEST_CLOCK (never in production): the same clock, movable by POST /api/test/clock.
  const testClock = config.testClock ? adjustableClock(options.clock ?? systemClock) : null;
  const clock = testClock ?? options.clock ?? systemClock;
  if (testClock) logger.warn('TEST_CLOCK is on: POST /api/test/clock moves this server’s time');
  const streamLock = createKeyedLock();
  const role = options.role ?? config.role;
  const metrics = createMetrics(role === 'api' ? 'api' : 'all');
  const runtime = await openRuntime(stores, role, logger, {
    leaseTtlMs: config.leaseTtlMs,
    reactionAttempts: config.reactionAttempts,
    opinionMapIntervalMs: config.opinionMapIntervalMs,
    commands: { clock, dayRules: config.dayRules, newId, streamLock },
    observer: projectionObserver(metrics),
  });
  watchProjections(metrics, runtime);
  watchDatabasePools(metrics);
  const { readModels } = runtime;
  const admin = config.admin ?? options.admin ?? null;
  // Password hashing gets its own few threads and a bounded queue (see kdf-pool.ts).
  const kdf = createKdfPool();
  // Mailed links point at PUBLIC_URL, else at the address this server ends up listening on.
  let origin = config.publicUrl ?? '';
  const mail = openMail(config, logger, () => origin);
  const context: AppContext = {
    events: withAppendMetrics(stores.events, metrics),
    readModels,
    projections: runtime.ops,
    clock,
    logger,
    dayRules: config.dayRules,
    bank: options.bank ?? questionBank,
    readWaitMs: config.readWaitMs,
    contact: config.contact,
    newId,
    streamLock,
    auth: {
      keys: deriveAuthKeys(loadAuthSecret(config.authSecret, config.dataDir)),
      vault: stores.vault,
      passwords: createPasswordHasher(
        options.passwordCost ?? PRODUCTION_SCRYPT_COST,
        countedDerive(metrics, kdf.derive),
      ),
      accessTokenSeconds: config.accessTokenSeconds,
      adminTokenSeconds: 12 * 60 * 60,
      admin,
      limiter: createRateLimiter(clock),
      signUpsPerAddress: config.signUpsPerHour,
    },
    quotas:
      options.quotas ??
      createQuotas(clock, {
        [REGISTRATIONS_PER_ADDRESS.name]: config.registrationsPerHour,
        [REPORTS_PER_PERSON.name]: config.moderation.reportsPerHour,
      }),
    moderation: { holdThreshold: config.moderation.holdThreshold },
    mail,
    opinionMaps: runtime.opinionMaps,
    push: {
      keys: loadVapidKeys(config.push.vapid, config.dataDir),
      subject: config.push.subject,
      policy: { loopbackHttp: config.push.loopbackEndpoints },
    },
    metrics,
  };
  const app = createApp(context, {
    trustProxy: config.trustProxy,
    ...(options.uiDir ? { uiDir: options.uiDir } : {}),
    ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}),
    ...(testClock
      ? { testClock: { clock: testClock, afterMove: () => activateDay(context, logger) } }
      : {}),
  });
  const limits = options.httpLimits ?? { ...HTTP_LIMITS, maxConnections: config.maxConnections };
  const server = createHttpServer(limits, app);
  const requests = drainable(server);
  // The address an upgrade came from, by the same TRUST_PROXY rule as every HTTP route's.
  const trustProxy = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  const hub = createLiveHub(context, readModels.notices, logger, {
    readStore: stores.readStore,
    socketsPerAddress: config.liveSocketsPerAddress,
    addressOf: (req) => proxyaddr(req, trustProxy),
    ...options.live,
  });
  const miniChat = createMiniChatHub(context, stores.readStore, readModels.notices, logger, {
    ...config.liveChat,
    ...options.liveChat,
    addressOf: (req) => proxyaddr(req, trustProxy),
  });
  routeUpgrades(server, [hub, miniChat], logger);
  watchHubs(metrics, [
    { name: 'live', ...hub },
    { name: 'mini-chat', ...miniChat },
  ]);

  // Each product day gets its question as soon as it starts, not at the first visit.
  const dayKeeper = await startDayKeeper(context, logger);
  // Pushes go from whichever process running projections holds the push lease.
  const pushWorker =
    role === 'api'
      ? null
      : await startPushWorker({
          store: stores.readStore,
          readModels,
          commands: {
            events: context.events,
            newId,
            streamLock,
            clock,
            dayRules: config.dayRules,
            logger,
          },
          push: context.push,
          clock,
          dayRules: config.dayRules,
          logger,
          leaseTtlMs: config.leaseTtlMs,
        });

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  origin ||= config.host === '0.0.0.0' ? `http://localhost:${port}` : url;
  if (mail.outbox) {
    logger.info({ outbox: `${origin}/dev/outbox` }, 'no SMTP_URL: mail is kept in the dev outbox');
  }
  logger.info({ url }, 'Boon is listening');

  return {
    url,
    server,
    context,
    // Stop accepting, say goodbye to sockets (1001), let requests under way finish (bounded),
    // then the projections finish their batch, commit it and hand their leases on.
    close: async () => {
      dayKeeper.stop();
      await pushWorker?.stop();
      await Promise.all([hub.close(), miniChat.close(), requests.drain(config.shutdownGraceMs)]);
      await runtime.close();
      await kdf.close();
      await mail.mailer.close();
    },
  };
};
