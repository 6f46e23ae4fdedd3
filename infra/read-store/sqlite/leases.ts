import type { SqliteDatabase } from '../../sqlite';
import type { Lease, LeaseStore } from '../read-store';

type LeaseRow = { name: string; owner: string; token: number; expires_at: number };

const toLease = (row: LeaseRow): Lease => ({
  name: row.name,
  owner: row.owner,
  token: row.token,
  expiresAt: row.expires_at,
});

/**
 * Leases in the shared file: each change is one IMMEDIATE transaction, so two processes never
 * both win. `serial` runs each change between this process's units of work (they share the
 * connection, and a change made inside one would commit or roll back with it).
 */
export const sqliteLeases = (
  db: SqliteDatabase,
  now: () => number,
  serial: <R>(work: () => R) => Promise<R>,
): LeaseStore => {
  const select = db.prepare<[string], LeaseRow>('SELECT * FROM read_leases WHERE name = ?');
  const upsert = db.prepare(
    `INSERT INTO read_leases (name, owner, token, expires_at) VALUES (@name, @owner, @token, @expiresAt)
     ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, token = excluded.token, expires_at = excluded.expires_at`,
  );
  const acquire = db.transaction((name: string, owner: string, ttlMs: number): Lease | null => {
    const row = select.get(name);
    const at = now();
    if (row && row.owner !== owner && row.expires_at > at) return null;
    const token =
      row && row.owner === owner && row.expires_at > at ? row.token : (row?.token ?? 0) + 1;
    const lease = { name, owner, token, expiresAt: at + ttlMs };
    upsert.run(lease);
    return lease;
  });
  const renew = db.transaction((lease: Lease, ttlMs: number): Lease | null => {
    const row = select.get(lease.name);
    if (!row || row.token !== lease.token || row.owner !== lease.owner) return null;
    const renewed = { ...lease, expiresAt: now() + ttlMs };
    upsert.run(renewed);
    return renewed;
  });
  const release = db.transaction((lease: Lease) => {
    const row = select.get(lease.name);
    if (row && row.token === lease.token) upsert.run({ ...toLease(row), expiresAt: 0 });
  });
  const list = db.prepare<[], LeaseRow>('SELECT * FROM read_leases');
  return {
    acquire: (name, owner, ttlMs) => serial(() => acquire.immediate(name, owner, ttlMs)),
    renew: (lease, ttlMs) => serial(() => renew.immediate(lease, ttlMs)),
    release: (lease) => serial(() => release.immediate(lease)),
    list: () => serial(() => list.all().map(toLease)),
  };
};

/** The token a lease has now, read inside the unit of work that is about to commit. */
export const fenceChecker = (db: SqliteDatabase) => {
  const selectToken = db.prepare<[string], { token: number }>(
    'SELECT token FROM read_leases WHERE name = ?',
  );
  return (name: string) => selectToken.get(name)?.token ?? null;
};
