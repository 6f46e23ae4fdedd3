import pg from 'pg';

export type PostgresPoolOptions = {
  connectionString: string;
  /** Connections this process may hold at once (a bounded pool: the server has a limit too). */
  poolSize?: number;
  /** No statement holds a request, a lease or the log's readers longer than this. */
  statementTimeoutMs?: number;
  /** How long to wait for a connection (from the pool or the server) before failing. */
  connectTimeoutMs?: number;
  /** Shown in `pg_stat_activity`, so an operator sees which part of Boon a session is. */
  applicationName?: string;
  /** Errors of idle connections (a server restart): logged, never the end of the process. */
  onIdleError?: (error: Error) => void;
};

export const DEFAULT_POOL_SIZE = 10;

/** The pools this process holds open, by name: what `/metrics` and the doctor report. */
const openPools = new Map<pg.Pool, { name: string; max: number }>();

export type PoolReading = {
  name: string;
  max: number;
  total: number;
  idle: number;
  waiting: number;
};

export const poolReadings = (): PoolReading[] =>
  [...openPools].map(([pool, { name, max }]) => ({
    name,
    max,
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
const IDLE_IN_TRANSACTION_MS = 5_000;

/**
 * A bounded pool whose sessions cannot hang: every statement has a timeout, and so has a
 * transaction left idle (a crashed request or a host cut off never holds row locks, or the
 * log's readers, for more than seconds). While the server is down, asking for a connection
 * fails within the connect timeout.
 */
export const openPool = (options: PostgresPoolOptions): pg.Pool => {
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? 'boon',
    statement_timeout: statementTimeout,
    // A process cut off in the middle of a transaction leaves it open on the server until this
    // ends it, and an open transaction below the log's head holds back every reader of the log
    // (postgres-schema.ts): Boon never waits between the statements of a transaction this long.
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
  });
  pool.on('error', (error) => {
    // pg-pool hangs the dead connection on the error: not for a log line (its whole state).
    delete (error as { client?: unknown }).client;
    options.onIdleError?.(error);
  });
  const name = options.applicationName ?? 'boon';
  openPools.set(pool, { name, max: options.poolSize ?? DEFAULT_POOL_SIZE });
  const end = pool.end.bind(pool);
  pool.end = (() => {
    openPools.delete(pool);
    return end();
  }) as typeof pool.end;
  return pool;
};

/** Rolls back; a connection that cannot even roll back is answered, to leave the pool. */
export const rollback = async (client: pg.PoolClient): Promise<Error | undefined> => {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
};

export type CheckedOut = { client: pg.PoolClient; release: (broken?: Error) => void };

/**
 * A pooled connection for a transaction. The server may end it between two statements (a
 * restart, `pg_terminate_backend`): pg reports that as an `error` event, which would end the
 * process unheard while the connection is out of the pool; it is heard here, and the next
 * statement fails instead.
 *
 * The listener is attached in the pool's callback, in the same tick the pool hands the
 * connection over. Not after an `await`: the pool stops listening as it hands a connection
 * out, and the message that hands it out (a startup's or a previous query's ReadyForQuery)
 * may share one network read with the server's "terminating connection", which pg parses at
 * once. A promise's continuation comes after that, and the error met no listener (seen: Boon
 * exiting on `pg_terminate_backend` under load, three runs in five here).
 */
export const checkOut = (pool: pg.Pool): Promise<CheckedOut> =>
  new Promise((resolve, reject) => {
    pool.connect((error, client, done) => {
      if (error || !client) {
        reject(error ?? new Error('the pool gave no connection'));
        return;
      }
      let lost: Error | undefined;
      const hear = (cause: Error) => {
        lost = cause;
      };
      client.on('error', hear);
      resolve({
        client,
        release: (broken?: Error) => {
          client.off('error', hear);
          done(broken ?? lost);
        },
      });
    });
  });

/** Runs `work` in one transaction on a pooled connection: committed, or rolled back on a throw. */
export const inTransaction = async <T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> => {
  const { client, release } = await checkOut(pool);
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = await rollback(client);
    throw error;
  } finally {
    release(broken);
  }
};

/** SQLSTATE codes of a server that cannot be reached or is going away (not a client's mistake). */
const UNREACHABLE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Whether an error says the server is out of reach (restarting, killed, cut off), not a bug. */
export const isServerUnreachable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || NETWORK_CODES.has(code))) {
    return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i.test(
    error.message,
  );
};

/** A statement cancelled by `statement_timeout` (or a lock wait that outlived it). */
export const isStatementTimeout = (error: unknown): boolean =>
  error instanceof Error && (error as { code?: unknown }).code === '57014';

/** The server ended this connection (a restart, `pg_terminate_backend`, a cut link). */
const isLostConnection = (error: unknown) =>
  error instanceof Error &&
  (['57P01', '57P02', '57P03'].includes(String((error as { code?: unknown }).code)) ||
    /Connection terminated|terminating connection/i.test(error.message));

/**
 * A pool for statements that only read: one that fails because the server ended the idle
 * connection it was given (the pool learns of that only when the connection's error event
 * arrives, which may be after it was handed out) is asked once more on another connection.
 * Never for writes outside a transaction: a write may have happened before the connection died.
 */
export const readingPool = (pool: pg.Pool): Pick<pg.Pool, 'query'> => ({
  query: (async (...args: Parameters<pg.Pool['query']>) => {
    try {
      return await (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      if (!isLostConnection(error)) throw error;
      return (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    }
  }) as pg.Pool['query'],
});
