import type { SqliteDatabase } from '../sqlite';
import { quoteIdentifier } from './sqlite/sql-names';

/**
 * Read models an earlier version kept in the log's file: dropped there (they are rebuilt from
 * the log into their own file). Answers how many tables went.
 */
export const dropLegacyReadModels = (log: SqliteDatabase): number => {
  const tables = log
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'read\\_%' ESCAPE '\\'",
    )
    .all()
    .map((row) => row.name);
  if (tables.length === 0) return 0;
  log
    .transaction(() =>
      tables.forEach((name) => log.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(name)}`)),
    )
    .immediate();
  return tables.length;
};
