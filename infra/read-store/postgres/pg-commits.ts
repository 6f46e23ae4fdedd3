import type pg from 'pg';
import type { Listener } from '../../postgres/listener';
import type { CommitNotice } from '../read-store';
import { COMMITS_CHANNEL, COMMITS_LOCK } from './pg-names';

type CommitRow = { seq: string; origin: string; notices: CommitNotice[] };

/** Commit records read per poll; a poll that reads a full page reads again at once. */
const PAGE = 500;
/** Commits this process records between two prunings of old records. */
const PRUNE_EVERY = 1_000;

/**
 * Records a unit's notices inside its transaction, with a `NOTIFY` that PostgreSQL sends when
 * it commits. Records are numbered in the order they commit: the number is taken under a lock
 * held until the commit, so a reader that has seen record n has seen every record before it
 * (a number taken and then rolled back is a gap no record ever fills).
 */
export const commitRecorder = (origin: string, keepCommits: number) => {
  let sincePrune = 0;
  /**
   * Records the notices and commits, in one round trip: the lock every recording unit waits
   * for is held from the record to the commit, so each round trip in between was one more
   * that every other process's and this process's units waited on. (Statements with values in
   * them: a string of several statements takes no parameters. The values are a number, this
   * store's id and the notices' JSON, each quoted by the driver.)
   */
  return async (
    client: Pick<pg.ClientBase, 'query' | 'escapeLiteral'>,
    notices: readonly CommitNotice[],
  ) => {
    if (notices.length === 0) {
      await client.query('COMMIT');
      return;
    }
    if (++sincePrune >= PRUNE_EVERY) {
      sincePrune = 0;
      await client.query(
        'DELETE FROM rm_commits WHERE seq <= (SELECT max(seq) FROM rm_commits) - $1::bigint',
        [keepCommits],
      );
    }
    // One statement, then the commit: the lock is taken before the insert numbers its row.
    await client.query(
      `WITH locked AS (SELECT pg_advisory_xact_lock(${Number(COMMITS_LOCK)})),
            recorded AS (
              INSERT INTO rm_commits (origin, notices)
              SELECT ${client.escapeLiteral(origin)}, ${client.escapeLiteral(JSON.stringify(notices))}::jsonb
                FROM locked RETURNING seq
            )
       SELECT pg_notify('${COMMITS_CHANNEL}', '') FROM recorded;
       COMMIT`,
    );
  };
};

/**
 * Reads other processes' commit records, from where the table stands at start. A read that
 * fails leaves the position where it was: the next one reads the same records again.
 */
export const commitReader = async (pool: Pick<pg.Pool, 'query'>, origin: string) => {
  const { rows } = await pool.query<{ seq: string | null }>(
    'SELECT max(seq) AS seq FROM rm_commits',
  );
  let position = rows[0]?.seq ?? '0';
  return {
    async read(): Promise<{ notices: CommitNotice[]; more: boolean }> {
      const page = await pool.query<CommitRow>(
        `SELECT seq, origin, notices FROM rm_commits WHERE seq > $1::bigint ORDER BY seq LIMIT ${PAGE}`,
        [position],
      );
      const notices: CommitNotice[] = [];
      for (const row of page.rows) if (row.origin !== origin) notices.push(...row.notices);
      if (page.rows.length > 0) position = page.rows[page.rows.length - 1]!.seq;
      return { notices, more: page.rows.length === PAGE };
    },
  };
};

export type FollowOptions = {
  pool: Pick<pg.Pool, 'query'>;
  origin: string;
  /** The process's reconnecting listener: its notices and reconnections wake a read. */
  listener: Listener;
  pollIntervalMs: number;
  /** Called with each notice another process committed, once its writes are readable. */
  emit: (notice: CommitNotice) => void;
  warn: (error: unknown, message: string) => void;
};

/**
 * Follows other processes' commits: woken by their notifications, and every `pollIntervalMs`
 * whatever happens to those, it reads the records it has not seen. One read at a time; a
 * wake-up during a read makes it read once more after.
 */
export const followCommits = async (options: FollowOptions) => {
  const reader = await commitReader(options.pool, options.origin);
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let reading: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  const readAll = async () => {
    do {
      again = false;
      try {
        for (;;) {
          const { notices, more } = await reader.read();
          notices.forEach(options.emit);
          if (!more) break;
        }
        failures = 0;
      } catch (error) {
        if (++failures % 20 === 0) {
          options.warn(
            error,
            `other processes' read-model commits could not be read ${failures} times in a row`,
          );
        }
      }
    } while (again && !closed);
  };
  const read = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = readAll().finally(() => {
      reading = null;
    });
    return reading;
  };
  const tick = () => {
    if (closed) return;
    void read().finally(() => {
      if (closed) return;
      timer = setTimeout(tick, options.pollIntervalMs);
      timer.unref();
    });
  };
  tick();
  const stops = [
    options.listener.on(COMMITS_CHANNEL, () => void read()),
    options.listener.onReconnect(() => void read()),
  ];
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      stops.forEach((stop) => stop());
      await reading;
    },
  };
};
