import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { WrongExpectedRevisionError } from '../domain/shared/errors';
import type { EventStore } from './event-store/event-store';

/**
 * One process's metrics, in a registry of its own (a test may run several apps in one
 * process). Every series carries the process's role; Prometheus adds the instance.
 */
export const createMetrics = (role: 'all' | 'api' | 'projector') => {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    http: new Histogram({
      name: 'boon_http_request_duration_seconds',
      help: 'HTTP requests by route pattern (never the raw path), method and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    commands: new Counter({
      name: 'boon_commands_total',
      help: 'Commands by stream category and outcome (accepted, unchanged, refused by kind, failed)',
      labelNames: ['stream', 'outcome', 'kind'] as const,
      registers,
    }),
    conflictRetries: new Counter({
      name: 'boon_command_conflict_retries_total',
      help: 'Commands tried again after another writer moved their stream first',
      labelNames: ['stream'] as const,
      registers,
    }),
    appends: new Counter({
      name: 'boon_appends_total',
      help: 'Appends to the event log by result (ok, conflict, error)',
      labelNames: ['result'] as const,
      registers,
    }),
    appendedEvents: new Counter({
      name: 'boon_events_appended_total',
      help: 'Events appended to the log by this process',
      registers,
    }),
    projectionBatches: new Histogram({
      name: 'boon_projection_batch_duration_seconds',
      help: 'Units of work a projection committed (live or rebuilding), with their duration',
      labelNames: ['projection', 'mode'] as const,
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10],
      registers,
    }),
    projectionEvents: new Counter({
      name: 'boon_projection_events_applied_total',
      help: 'Events projections applied in this process',
      labelNames: ['projection', 'mode'] as const,
      registers,
    }),
    leaseChanges: new Counter({
      name: 'boon_projection_lease_changes_total',
      help: 'Projection leases this process took, lost or released',
      labelNames: ['projection', 'change'] as const,
      registers,
    }),
  };
};

export type Metrics = ReturnType<typeof createMetrics>;

export type GaugeReading = { labels?: Record<string, string>; value: number };

/** A gauge read when Prometheus scrapes (how far a projection is, how many sockets are open). */
export const gaugeOnScrape = (
  metrics: Metrics,
  name: string,
  help: string,
  labelNames: readonly string[],
  read: () => GaugeReading[] | Promise<GaugeReading[]>,
) =>
  new Gauge({
    name,
    help,
    labelNames,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const { labels, value } of await read()) {
        if (labels) this.set(labels, value);
        else this.set(value);
      }
    },
  });

/** The kind of stream (`responder`, `echoer`, `session`…), never the person it belongs to. */
export const streamCategory = (streamId: string) => /^[a-z]+/.exec(streamId)?.[0] ?? 'other';

/** The event store, counting appends and their outcomes. */
export const withAppendMetrics = (store: EventStore, metrics: Metrics): EventStore => ({
  ...store,
  appendToStream: async (streamId, events, expected) => {
    try {
      const result = await store.appendToStream(streamId, events, expected);
      metrics.appends.inc({ result: 'ok' });
      metrics.appendedEvents.inc(events.length);
      return result;
    } catch (error) {
      metrics.appends.inc({
        result: error instanceof WrongExpectedRevisionError ? 'conflict' : 'error',
      });
      throw error;
    }
  },
});
