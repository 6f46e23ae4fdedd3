import type { Derive } from '../../infra/auth/kdf-pool';
import { gaugeOnScrape, type Metrics } from '../../infra/metrics';
import { poolReadings, type PoolReading } from '../../infra/postgres/pool';
import type { ProjectionObserver } from '../../projections/engine/processor';
import type { ParkedReactions } from '../../projections/engine/parked-reactions';
import type { ProjectionStatus } from '../../projections/engine/status';
import type { Runtime } from './runtime';

/** Counts what the projection engine commits and every lease it takes, loses or gives up. */
export const projectionObserver = (metrics: Metrics): ProjectionObserver => {
  // Every live projection reports each batch (and each event it only moves past): the
  // labelled series are looked up once, not hashed from their labels on every call.
  const series = new Map<
    string,
    {
      batches: ReturnType<Metrics['projectionBatches']['labels']>;
      events: ReturnType<Metrics['projectionEvents']['labels']>;
    }
  >();
  return {
    batchCommitted: (projection, events, seconds, rebuild) => {
      const mode = rebuild ? 'rebuild' : 'live';
      const key = `${mode} ${projection}`;
      let labelled = series.get(key);
      if (!labelled) {
        labelled = {
          batches: metrics.projectionBatches.labels({ projection, mode }),
          events: metrics.projectionEvents.labels({ projection, mode }),
        };
        series.set(key, labelled);
      }
      labelled.batches.observe(seconds);
      labelled.events.inc(events);
    },
    leaseChanged: (projection, change) => metrics.leaseChanges.inc({ projection, change }),
  };
};

const position = (value: string | null) => (value === null ? 0 : Number(value));

/**
 * Each projection's standing as every process sees it (position, lag in events, rebuild
 * progress, failing), plus which leases this process holds. One status read serves a scrape.
 */
export const watchProjections = (metrics: Metrics, runtime: Runtime) => {
  let last: { at: number; status: Promise<ProjectionStatus[]> } | null = null;
  const status = () => {
    if (!last || Date.now() - last.at > 1000) {
      last = { at: Date.now(), status: runtime.ops.standing() };
    }
    return last.status;
  };
  const perProjection = (read: (s: ProjectionStatus) => number) => async () =>
    (await status()).map((s) => ({ labels: { projection: s.name }, value: read(s) }));

  gaugeOnScrape(
    metrics,
    'boon_log_head_position',
    'Position of the last event in the log',
    [],
    async () => {
      const [first] = await status();
      return [{ value: position(first?.head ?? null) }];
    },
  );
  const labels = ['projection'];
  gaugeOnScrape(
    metrics,
    'boon_projection_checkpoint_position',
    'Log position each projection has committed',
    labels,
    perProjection((s) => position(s.checkpoint)),
  );
  gaugeOnScrape(
    metrics,
    'boon_projection_lag_events',
    'Events in the log each projection has not applied yet',
    labels,
    perProjection((s) => s.lagEvents),
  );
  gaugeOnScrape(
    metrics,
    'boon_projection_rebuilding',
    '1 while a projection rebuilds into a new generation',
    labels,
    perProjection((s) => (s.rebuildCheckpoint !== null || s.state === 'rebuilding' ? 1 : 0)),
  );
  gaugeOnScrape(
    metrics,
    'boon_projection_rebuild_position',
    'Log position a rebuild in progress has reached (compare with boon_log_head_position)',
    labels,
    perProjection((s) => position(s.rebuildCheckpoint)),
  );
  gaugeOnScrape(
    metrics,
    'boon_projection_failing',
    '1 when a projection last failed (its status says why)',
    labels,
    perProjection((s) => (s.lastError ? 1 : 0)),
  );
  let parked: { at: number; reactors: Promise<ParkedReactions[]> } | null = null;
  gaugeOnScrape(
    metrics,
    'boon_reactor_parked_events',
    'Events each reactor gave up on after its attempts (npm run projections -- retry)',
    ['reactor'],
    async () => {
      if (!parked || Date.now() - parked.at > 1000) {
        parked = { at: Date.now(), reactors: runtime.ops.parked() };
      }
      return (await parked.reactors).map((r) => ({
        labels: { reactor: r.reactor },
        value: r.count,
      }));
    },
  );
  gaugeOnScrape(
    metrics,
    'boon_projection_lease_held',
    '1 for each projection this process runs',
    labels,
    () => {
      const held = new Set(runtime.engine?.held() ?? []);
      return runtime.readModels.projections.map((p) => ({
        labels: { projection: p.name },
        value: held.has(p.name) ? 1 : 0,
      }));
    },
  );
};

export type HubStats = { name: string; clientCount(): number; topicCount(): number };

/** Open sockets and followed topics of each live hub. */
export const watchHubs = (metrics: Metrics, hubs: readonly HubStats[]) => {
  gaugeOnScrape(metrics, 'boon_ws_connections', 'Open WebSocket connections', ['hub'], () =>
    hubs.map((hub) => ({ labels: { hub: hub.name }, value: hub.clientCount() })),
  );
  gaugeOnScrape(metrics, 'boon_ws_topics', 'Topics at least one socket follows', ['hub'], () =>
    hubs.map((hub) => ({ labels: { hub: hub.name }, value: hub.topicCount() })),
  );
};

/** Password derivations queued or running (the pool refuses more past its bound). */
export const countedDerive = (metrics: Metrics, derive: Derive): Derive => {
  let pending = 0;
  gaugeOnScrape(
    metrics,
    'boon_kdf_pending',
    'Password key derivations waiting or running',
    [],
    () => [{ value: pending }],
  );
  return (...args) => {
    pending++;
    return derive(...args).finally(() => pending--);
  };
};

/** Each PostgreSQL pool of this process: its bound, connections open and idle, callers waiting. */
export const watchDatabasePools = (metrics: Metrics) => {
  const perPool = (read: (pool: PoolReading) => number) => () =>
    poolReadings().map((pool) => ({ labels: { pool: pool.name }, value: read(pool) }));
  gaugeOnScrape(
    metrics,
    'boon_db_pool_max',
    'Connections a PostgreSQL pool may hold',
    ['pool'],
    perPool((p) => p.max),
  );
  gaugeOnScrape(
    metrics,
    'boon_db_pool_connections',
    'Connections a PostgreSQL pool holds open',
    ['pool'],
    perPool((p) => p.total),
  );
  gaugeOnScrape(
    metrics,
    'boon_db_pool_idle',
    'Open connections of a PostgreSQL pool waiting for work',
    ['pool'],
    perPool((p) => p.idle),
  );
  gaugeOnScrape(
    metrics,
    'boon_db_pool_waiting',
    'Callers waiting for a connection of a PostgreSQL pool',
    ['pool'],
    perPool((p) => p.waiting),
  );
};
