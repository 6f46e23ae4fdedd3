import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock } from '../../infra/clock';
import type { Config } from '../../infra/config';
import { newId } from '../../infra/crypto';
import { createKeyedLock } from '../commands/keyed-lock';
import type { Logger } from '../../infra/logger';
import { createMetrics } from '../../infra/metrics';
import { serveMetrics } from '../http/metrics';
import { openStores, type Stores } from '../stores';
import { projectionObserver, watchDatabasePools, watchProjections } from './process-metrics';
import { loadVapidKeys } from '../push/vapid-keys';
import { startPushWorker } from '../push/worker';
import { openRuntime, type Runtime } from './runtime';

export type RunningProjector = {
  url: string;
  runtime: Runtime;
  close(): Promise<void>;
};

/**
 * ROLE=projector: runs the projections whose leases it can take, and answers nothing but
 * `GET /healthz` (for a supervisor or a load balancer's health check) and `GET /metrics`
 * on its own port.
 */
export const startProjector = async (options: {
  config: Config;
  logger: Logger;
  stores?: Stores;
}): Promise<RunningProjector> => {
  const { config, logger } = options;
  const stores = options.stores ?? (await openStores(config, logger));
  const metrics = createMetrics('projector');
  const streamLock = createKeyedLock();
  const runtime = await openRuntime(stores, 'projector', logger, {
    leaseTtlMs: config.leaseTtlMs,
    reactionAttempts: config.reactionAttempts,
    opinionMapIntervalMs: config.opinionMapIntervalMs,
    commands: {
      clock: systemClock,
      dayRules: config.dayRules,
      newId,
      streamLock,
    },
    observer: projectionObserver(metrics),
  });
  watchProjections(metrics, runtime);
  watchDatabasePools(metrics);
  const pushWorker = await startPushWorker({
    store: stores.readStore,
    readModels: runtime.readModels,
    commands: {
      events: stores.events,
      newId,
      streamLock,
      clock: systemClock,
      dayRules: config.dayRules,
      logger,
    },
    push: {
      keys: loadVapidKeys(config.push.vapid, config.dataDir),
      subject: config.push.subject,
      policy: { loopbackHttp: config.push.loopbackEndpoints },
    },
    clock: systemClock,
    dayRules: config.dayRules,
    logger,
    leaseTtlMs: config.leaseTtlMs,
  });
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/metrics') {
      serveMetrics(metrics, config.metricsToken, req, res).catch((err: unknown) => {
        logger.error({ err }, 'metrics failed');
        res.writeHead(500).end();
      });
      return;
    }
    if (req.method !== 'GET' || req.url !== '/healthz') {
      res.writeHead(404, { 'Content-Type': 'application/problem+json' });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Not found', status: 404 }));
      return;
    }
    runtime.ops
      .standing()
      .then((projections) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(
          JSON.stringify({
            status: 'ok',
            role: 'projector',
            owner: runtime.engine?.owner,
            running: runtime.engine?.held() ?? [],
            projections,
          }),
        );
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'health check failed');
        res.writeHead(503, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ status: 'unavailable' }));
      });
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  logger.info({ url, role: 'projector' }, 'Boon projector is running');
  return {
    url,
    runtime,
    // The batch in hand is committed and the leases released first: another projector takes
    // them over at its next lease check instead of waiting for them to expire.
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await pushWorker.stop();
      await runtime.close();
      server.closeAllConnections();
      await closed;
    },
  };
};
