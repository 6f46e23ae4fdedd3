import pg from 'pg';

export type Listener = {
  /** Called with each notification's payload on `channel`; answers a function that stops it. */
  on(channel: string, handler: (payload: string) => void): () => void;
  /** Called after every (re)connection: whatever was notified meanwhile was missed. */
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
};

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * One connection of its own that `LISTEN`s (a pooled connection cannot: it is handed to others
 * between queries). It reconnects by itself after the server restarts or the connection is
 * cut, with a growing wait; notifications sent while it was away are lost, so every user of
 * it polls as well, and is told of each reconnection.
 */
export const openListener = (
  connectionString: string,
  options: { applicationName?: string; onError?: (error: Error) => void } = {},
): Listener => {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | null = null;

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString,
      application_name: options.applicationName ?? 'boon-listener',
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
    });
    next.on('error', (error) => {
      options.onError?.(error);
      if (client === next) client = null;
      next.end().catch(() => {});
      schedule();
    });
    next.on('notification', (message) => {
      handlers.get(message.channel)?.forEach((handler) => handler(message.payload ?? ''));
    });
    try {
      await next.connect();
      for (const channel of handlers.keys())
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      retryMs = RETRY_MIN_MS;
      reconnectHandlers.forEach((handler) => handler());
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
      next.end().catch(() => {});
      schedule();
    }
  };

  void connect();

  return {
    on(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        client?.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
      set.add(handler);
      return () => void set.delete(handler);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => void reconnectHandlers.delete(handler);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
};
