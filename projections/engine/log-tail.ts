import type { RecordedEvent } from '../../domain/shared/events';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import { backoffDelay, sleep } from './timing';

/** A projection reading from the tail; `attached` is cleared when it fell too far behind. */
export type TailConsumer = { checkpoint: bigint | null; attached: boolean };

const isAtOrBefore = (position: bigint, checkpoint: bigint | null) =>
  checkpoint !== null && position <= checkpoint;

/**
 * The one subscription of a process. It reads the log once and keeps a window of recent
 * events that every attached projection takes its batches from. A projection that falls
 * more than the window behind is detached (it catches up with its own paged reads and
 * attaches again), so a slow or rebuilding projection never holds up the others.
 */
export class LogTail {
  private window: RecordedEvent[] = [];
  /** The window holds every event after this position (null: from the first event). */
  private after: bigint | null = null;
  private readPosition: bigint | null = null;
  private readonly consumers = new Set<TailConsumer>();
  private readonly waiting = new Set<() => void>();
  private room: (() => void) | null = null;
  private wakeScheduled = false;
  private abort: AbortController | null = null;
  private loop: Promise<void> | null = null;
  lastError: string | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly logger: Logger,
    private readonly capacity = 20_000,
  ) {}

  get running() {
    return this.loop !== null;
  }

  /** Starts reading after `from` (null: the first event). */
  start(from: bigint | null): void {
    if (this.loop) return;
    this.after = from;
    this.readPosition = from;
    this.abort = new AbortController();
    this.loop = this.read(this.abort.signal);
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    this.wakeAll();
    this.room?.();
    await this.loop;
    this.loop = null;
  }

  attach(consumer: TailConsumer): void {
    consumer.attached = true;
    this.consumers.add(consumer);
  }

  detach(consumer: TailConsumer): void {
    consumer.attached = false;
    this.consumers.delete(consumer);
    this.trim();
  }

  /** True when the window holds every event after `checkpoint`. */
  covers(checkpoint: bigint | null): boolean {
    if (!this.loop) return false;
    if (this.after === null) return true;
    return checkpoint !== null && checkpoint >= this.after;
  }

  /** Up to `max` events after `checkpoint`, in order. */
  take(checkpoint: bigint | null, max: number): RecordedEvent[] {
    const from = this.indexAfter(checkpoint);
    return this.window.slice(from, from + max);
  }

  /** Resolves when an event after `checkpoint` arrives, the consumer is detached, or on abort. */
  waitForEvents(consumer: TailConsumer, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.waiting.delete(check);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const check = () => {
        const last = this.window[this.window.length - 1];
        if (!consumer.attached || (last && !isAtOrBefore(last.position, consumer.checkpoint))) {
          done();
        }
      };
      this.waiting.add(check);
      signal.addEventListener('abort', done);
      check();
    });
  }

  /** Called after a consumer committed: events every attached consumer has passed leave. */
  trim(): void {
    let lowest: bigint | null | undefined = undefined;
    for (const consumer of this.consumers) {
      if (lowest === undefined || consumer.checkpoint === null) lowest = consumer.checkpoint;
      else if (lowest !== null && consumer.checkpoint < lowest) lowest = consumer.checkpoint;
    }
    const upTo = lowest === undefined ? this.readPosition : lowest;
    if (upTo === null || upTo === undefined) return;
    let count = 0;
    while (count < this.window.length && this.window[count]!.position <= upTo) count++;
    if (count > 0) {
      this.after = this.window[count - 1]!.position;
      this.window = this.window.slice(count);
    } else if (this.window.length === 0 && this.readPosition !== null) {
      this.after = this.readPosition;
    }
    if (this.window.length < this.capacity) {
      this.room?.();
      this.room = null;
    }
  }

  private indexAfter(checkpoint: bigint | null): number {
    let low = 0;
    let high = this.window.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (isAtOrBefore(this.window[mid]!.position, checkpoint)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * With the window full, consumers more than half a window behind the fastest are detached
   * to catch up on their own; when they are all close together, the reader waits for them.
   */
  private makeRoom(): void {
    const indexes = [...this.consumers].map((c) => ({ c, at: this.indexAfter(c.checkpoint) }));
    const fastest = Math.max(...indexes.map((i) => i.at));
    for (const { c, at } of indexes) if (fastest - at > this.capacity / 2) this.detach(c);
    this.wakeAll();
  }

  /**
   * Consumers wake once per page the subscription delivered, not once per event: woken per
   * event, each would take (and commit) batches of one while the rest of the page arrives.
   */
  private scheduleWake() {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.wakeAll();
    });
  }

  private wakeAll() {
    for (const check of [...this.waiting]) check();
  }

  private async read(signal: AbortSignal): Promise<void> {
    let attempt = 0;
    while (!signal.aborted) {
      try {
        const start = this.readPosition === null ? 'start' : { after: this.readPosition };
        for await (const event of this.events.subscribeToAll(start, signal)) {
          while (this.window.length >= this.capacity && !signal.aborted) {
            this.trim();
            if (this.window.length < this.capacity) break;
            this.makeRoom();
            if (this.window.length < this.capacity) break;
            await new Promise<void>((resolve) => {
              this.room = resolve;
            });
          }
          if (signal.aborted) return;
          this.window.push(event);
          this.readPosition = event.position;
          if (this.consumers.size === 0) this.trim();
          this.scheduleWake();
          attempt = 0;
          this.lastError = null;
        }
      } catch (error) {
        if (signal.aborted) return;
        attempt++;
        this.lastError = error instanceof Error ? error.message : String(error);
        this.logger.error({ err: error }, 'log subscription failed; resubscribing');
        await sleep(backoffDelay(attempt), signal);
      }
    }
  }
}
