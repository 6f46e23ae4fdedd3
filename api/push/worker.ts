import { randomUUID } from 'node:crypto';
import { notifications } from '../../domain/notifications/notifications';
import type { DayRules } from '../../domain/shared/product-day';
import type { Clock } from '../../infra/clock';
import type { Logger } from '../../infra/logger';
import { LeaseLostError, type Lease, type ReadStore } from '../../infra/read-store/read-store';
import type { ReadModels } from '../../projections/engine/read-models';
import { handle, type CommandContext } from '../commands/run';
import { createPushDelivery, type PushDelivery } from './delivery';
import { collectInbox } from './inbox-collector';
import { prepareOutbox } from './outbox';
import { scheduleReminders } from './reminder-scheduler';
import { SEND_TURN, sendDue, sweepOutbox, type SenderSettings } from './sender';
import type { PushServices } from './services';

/** The lease that makes one process, among all sharing the store, the one that pushes. */
export const PUSH_LEASE = 'push-worker';

export type PushWorkerOptions = {
  store: ReadStore;
  readModels: ReadModels;
  /** Runs the one command the worker needs: a device the push service says is gone. */
  commands: CommandContext;
  push: PushServices;
  clock: Clock;
  dayRules: DayRules;
  logger: Logger;
  leaseTtlMs: number;
  owner?: string;
  /** How often it looks for work (and renews its lease). */
  tickMs?: number;
  /** How long a first notification waits for others to go in the same push. */
  gatherMs?: number;
  sender?: SenderSettings;
  /** Tests and the bench send through a delivery of their own. */
  delivery?: PushDelivery;
};

export type PushWorker = {
  /** Runs one turn at once (tests, and a wake-up); resolves when it is done. */
  tick(): Promise<void>;
  holdsLease(): boolean;
  stop(): Promise<void>;
};

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Sends Web Push for every process: whichever holds the push lease (taken, renewed and handed
 * on through the read store like a projection's) schedules each minute's reminders, gathers
 * what is new in people's inboxes, and sends what is due. Its checkpoints (the last minute
 * scheduled, the last notification looked at) and its outbox are written in units of work
 * fenced by the lease: a process that lost it writes nothing, and the next holder continues
 * where the last commit left off. So a reminder is scheduled exactly once per day, however
 * many processes run and restart.
 */
export const startPushWorker = async (options: PushWorkerOptions): Promise<PushWorker> => {
  const owner = options.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const { store, readModels, logger } = options;
  const ttl = options.leaseTtlMs;
  const delivery =
    options.delivery ??
    createPushDelivery({
      keys: options.push.keys,
      subject: options.push.subject,
      policy: options.push.policy,
      ...(options.push.resolve ? { resolve: options.push.resolve } : {}),
    });
  await prepareOutbox(store);
  let lease: Lease | null = null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let swept = 0;

  const expire = async (personId: string, endpointHash: string) => {
    await handle(options.commands, notifications, {
      type: 'UnsubscribePush',
      personId,
      endpointHash,
      reason: 'expired',
      at: options.clock.now(),
    });
  };

  const holdLease = async () => {
    if (lease && lease.expiresAt - Date.now() > ttl / 2) return lease;
    lease = lease
      ? await store.leases.renew(lease, ttl)
      : await store.leases.acquire(PUSH_LEASE, owner, ttl);
    return lease;
  };

  const turn = async () => {
    const held = await holdLease();
    if (!held) return;
    const now = options.clock.now();
    const work = { store, readModels, lease: held, now };
    await scheduleReminders({ ...work, dayRules: options.dayRules });
    await collectInbox({ ...work, gatherMs: options.gatherMs ?? 3_000 });
    // A busy minute sends in several turns; the lease is renewed between them.
    for (;;) {
      const current = await holdLease();
      if (stopped || !current) return;
      const handled = await sendDue({
        ...work,
        lease: current,
        now: options.clock.now(),
        delivery,
        settings: options.sender ?? { inboxPerHour: 3 },
        expire,
      });
      if (handled < SEND_TURN) break;
    }
    if (now.getTime() - swept > SWEEP_EVERY_MS) {
      await sweepOutbox(store, held, now);
      swept = now.getTime();
    }
  };

  const tick = () => {
    running ??= turn()
      .catch((error: unknown) => {
        if (error instanceof LeaseLostError) {
          logger.warn('push lease lost: another process pushes now');
          lease = null;
        } else {
          logger.error({ err: error }, 'push worker turn failed');
        }
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const loop = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick().then(loop), options.tickMs ?? 1_000);
    timer.unref();
  };
  await tick();
  loop();

  return {
    tick,
    holdsLease: () => lease !== null && lease.expiresAt > Date.now(),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      if (lease) await store.leases.release(lease).catch(() => undefined);
      lease = null;
      if (!options.delivery) delivery.close();
    },
  };
};
