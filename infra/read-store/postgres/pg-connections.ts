import pg from 'pg';

export type ReadStorePoolOptions = {
  connectionString: string;
  poolSize: number;
  statementTimeoutMs: number;
  /** Errors of idle connections (a server restart): told, never the end of the process. */
  onIdleError: (error: Error) => void;
};

/**
 * The store's bounded pool. No statement runs longer than the timeout, and a transaction left
 * idle is ended by the server, so a stuck query or a crashed unit never holds a lease, a row
 * lock or a request for ever; while the server is down, asking for a connection fails within
 * the connect timeout.
 */
export const openReadStorePool = (options: ReadStorePoolOptions): pg.Pool => {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    application_name: 'boon-read-store',
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: Math.max(options.statementTimeoutMs, 10_000),
    keepAlive: true,
  });
  pool.on('error', options.onIdleError);
  return pool;
};

/** Rolls a transaction back; answers the error when even that failed (the connection is done). */
export const rollback = async (client: pg.PoolClient) => {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    // A connection that cannot even roll back is not handed to anyone again.
    return error instanceof Error ? error : new Error(String(error));
  }
};

/**
 * A pooled connection for a transaction. The server may end it between two statements (a
 * restart, `pg_terminate_backend`): pg reports that as an `error` event, which would end the
 * process unheard while the connection is out of the pool; it is heard here, and the next
 * statement fails instead.
 */
export const checkOut = async (pool: pg.Pool) => {
  const client = await pool.connect();
  let lost: Error | undefined;
  const hear = (error: Error) => {
    lost = error;
  };
  client.on('error', hear);
  return {
    client,
    release: (broken?: Error) => {
      client.off('error', hear);
      client.release(broken ?? lost);
    },
  };
};

/** Runs `work` in a transaction of its own on a pooled connection. */
export const inTransaction = async <R>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<R>,
) => {
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
