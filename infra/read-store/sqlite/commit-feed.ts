import type { SqliteDatabase } from '../../sqlite';
import type { CommitNotice } from '../read-store';

type CommitRow = { seq: number; origin: string; notices: string };

/** Commit records read per poll; a poll that reads a full page reads again at once. */
const PAGE = 500;

export type CommitFeedOptions = {
  origin: string;
  now: () => number;
  /** Commit records kept for processes that read them late; older ones are pruned. */
  keepCommits: number;
};

/**
 * What every process sharing the file learns of the others' units of work: their notices
 * (projection, generation, position, topics), one record per committed unit that announced
 * anything. Documents never travel here: a process reads them from the file when asked for.
 */
export const commitFeed = (writer: SqliteDatabase, options: CommitFeedOptions) => {
  const insert = writer.prepare('INSERT INTO rm_commits (origin, notices, at) VALUES (?, ?, ?)');
  const lastSeq = writer.prepare<[], { seq: number | null }>(
    'SELECT MAX(seq) AS seq FROM rm_commits',
  );
  const prune = writer.prepare('DELETE FROM rm_commits WHERE seq <= ?');
  let sincePrune = 0;
  return {
    /** Records a unit's notices, inside its transaction. */
    record(notices: readonly CommitNotice[]): void {
      if (notices.length === 0) return;
      insert.run(options.origin, JSON.stringify(notices), options.now());
      if (++sincePrune >= 1000) {
        sincePrune = 0;
        prune.run((lastSeq.get()?.seq ?? 0) - options.keepCommits);
      }
    },
  };
};

/**
 * Reads other processes' commit records, from where the file's feed stands at start. A read
 * that fails (a busy file) leaves the position where it was: the next poll reads the same
 * records again, so none is lost.
 */
export const commitReader = (reader: SqliteDatabase, origin: string) => {
  const select = reader.prepare<[number], CommitRow>(
    `SELECT seq, origin, notices FROM rm_commits WHERE seq > ? ORDER BY seq LIMIT ${PAGE}`,
  );
  let position =
    reader.prepare<[], { seq: number | null }>('SELECT MAX(seq) AS seq FROM rm_commits').get()
      ?.seq ?? 0;
  return {
    /** The notices other processes committed since the last read; `more` when a page filled. */
    read(): { notices: CommitNotice[]; more: boolean } {
      const rows = select.all(position);
      const notices: CommitNotice[] = [];
      for (const row of rows) {
        if (row.origin !== origin) notices.push(...(JSON.parse(row.notices) as CommitNotice[]));
      }
      if (rows.length > 0) position = rows[rows.length - 1]!.seq;
      return { notices, more: rows.length === PAGE };
    },
  };
};
