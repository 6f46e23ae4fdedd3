import type pg from 'pg';
import type { Lease, LeaseStore } from '../read-store';

type LeaseRow = { name: string; owner: string; token: string; expires_at: string };

const toLease = (row: LeaseRow): Lease => ({
  name: row.name,
  owner: row.owner,
  token: Number(row.token),
  expiresAt: Number(row.expires_at),
});

/**
 * Leases in `rm_leases`, each change one statement: PostgreSQL's row lock makes two processes
 * take turns, and the conditions decide in the same statement, so two never both win. A
 * lease is taken when free, expired or already the taker's (then renewed with its token);
 * every change of holder moves the token.
 */
export const postgresLeases = (pool: pg.Pool, now: () => number): LeaseStore => ({
  acquire: async (name, owner, ttlMs) => {
    const at = now();
    const { rows } = await pool.query<LeaseRow>(
      `INSERT INTO rm_leases AS held (name, owner, token, expires_at) VALUES ($1, $2, 1, $3::bigint + $4::bigint)
       ON CONFLICT (name) DO UPDATE SET
         owner = excluded.owner,
         token = CASE WHEN held.owner = excluded.owner AND held.expires_at > $3
                      THEN held.token ELSE held.token + 1 END,
         expires_at = excluded.expires_at
       WHERE held.owner = excluded.owner OR held.expires_at <= $3
       RETURNING *`,
      [name, owner, at, ttlMs],
    );
    return rows[0] ? toLease(rows[0]) : null;
  },
  renew: async (lease, ttlMs) => {
    const { rows } = await pool.query<LeaseRow>(
      `UPDATE rm_leases SET expires_at = $4::bigint
       WHERE name = $1 AND owner = $2 AND token = $3::bigint RETURNING *`,
      [lease.name, lease.owner, lease.token, now() + ttlMs],
    );
    return rows[0] ? toLease(rows[0]) : null;
  },
  release: async (lease) => {
    await pool.query('UPDATE rm_leases SET expires_at = 0 WHERE name = $1 AND token = $2::bigint', [
      lease.name,
      lease.token,
    ]);
  },
  list: async () => (await pool.query<LeaseRow>('SELECT * FROM rm_leases')).rows.map(toLease),
});
