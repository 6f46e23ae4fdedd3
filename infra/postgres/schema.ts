import type pg from 'pg';
import { inTransaction } from './pool';

/**
 * Applies a schema (idempotent DDL) under a transaction-wide advisory lock, so several
 * processes starting at once never race on the same `CREATE … IF NOT EXISTS` or function.
 */
export const applySchema = (pool: pg.Pool, lockName: string, sql: string) =>
  inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockName]);
    await client.query(sql);
  });
