import type { RecordedEvent } from '../../domain/shared/events';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import { LeaseLostError } from '../../infra/read-store/read-store';
import type { LogTail, TailConsumer } from './log-tail';
import { backoffDelay, nextTurn, sleep } from './timing';

export type LogConsumerOptions = {
  /** Names it in logs (a projection's or a reactor's name). */
  name: string;
  /** Where it stands; `handle` moves `consumer.checkpoint` past what it committed. */
  consumer: TailConsumer;
  /** The process's shared subscription; without one, it reads pages of its own. */
  tail: LogTail | null;
  events: EventStore;
  logger: Logger;
  batchSize: number;
  catchUpBatchSize: number;
  /** Applies a batch and commits what it applied. */
  handle(batch: readonly RecordedEvent[]): Promise<unknown>;
  /** Told of each failure (its message, for the status every process reads) and of recovery (null). */
  failed(message: string | null): Promise<void>;
  onLeaseLost(): void;
};

/**
 * Feeds one consumer of the log in order until `signal` aborts: batches from the process's
 * tail while it keeps up, its own paged reads while it catches up. A failing batch is retried
 * with backoff; a lost lease stops it (another process runs it now).
 */
export const consumeLog = async (options: LogConsumerOptions, signal: AbortSignal) => {
  const { tail, consumer } = options;
  let attempt = 0;
  // What is left of the last page read: a unit of work bounded in time may apply only part of
  // a page, and reading the page again for the rest cost more than applying it.
  let rest: readonly RecordedEvent[] = [];
  while (!signal.aborted) {
    try {
      if (tail && !consumer.attached && tail.covers(consumer.checkpoint)) tail.attach(consumer);
      if (tail && consumer.attached) {
        rest = [];
        const batch = tail.take(consumer.checkpoint, options.batchSize);
        if (batch.length === 0) {
          await tail.waitForEvents(consumer, signal);
          continue;
        }
        await options.handle(batch);
        tail.trim();
      } else {
        const page =
          rest.length > 0
            ? rest
            : await options.events.readAll({
                ...(consumer.checkpoint === null ? {} : { after: consumer.checkpoint }),
                maxCount: options.catchUpBatchSize,
              });
        if (page.length === 0) {
          // At the head: wait for the tail to cover us (or, without one, for new events).
          await sleep(tail?.running ? 5 : 50, signal);
          continue;
        }
        await options.handle(page);
        const checkpoint = consumer.checkpoint;
        rest = checkpoint === null ? page : page.filter((event) => event.position > checkpoint);
      }
      if (attempt > 0) await options.failed(null).catch(() => undefined);
      attempt = 0;
      // Requests and other consumers get their turn between two units of work.
      await nextTurn();
    } catch (error) {
      if (error instanceof LeaseLostError) {
        options.logger.warn(
          { projection: options.name },
          'lease lost to another process: stopping here',
        );
        options.onLeaseLost();
        return;
      }
      attempt++;
      const message = error instanceof Error ? error.message : String(error);
      options.logger.error(
        { err: error, projection: options.name, attempt },
        'batch failed; retrying',
      );
      await options.failed(message).catch(() => undefined);
      await sleep(backoffDelay(attempt), signal);
    }
  }
};
