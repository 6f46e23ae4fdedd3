import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { Subject } from 'rxjs';
import {
  DEFAULT_POOL_SIZE,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  checkOut,
  inTransaction,
  openPool,
  readingPool,
  rollback,
} from '../../postgres/pool';
import { DocumentLru } from '../document-lru';
import { evaluate } from '../query/evaluate';
import { checkIndexedValues } from '../query/indexed-values';
import {
  LeaseLostError,
  type CommitNotice,
  type Doc,
  type IndexSpec,
  type Lease,
  type ReadCollection,
  type ReadStore,
  type UnitOfWork,
} from '../read-store';
import { openListener } from '../../postgres/listener';
import { commitRecorder, followCommits } from './pg-commits';
import {
  createCollectionTable,
  madeEmpty,
  PgCollections,
  type PgCollection,
} from './pg-collections';
import { countDocuments, documentById, explainFind, findDocuments } from './pg-documents';
import { postgresLeases } from './pg-leases';
import {
  createIndexSql,
  indexNameOf,
  invalidIndexedValueSql,
  physicalIndexOf,
  SCHEMA_LOCK,
  STORE_SCHEMA,
} from './pg-names';
import { PgDocumentUnit } from './pg-unit';
import { unitGate } from './unit-gate';
import { answerKey, ReadAnswers } from './read-answers';

/** The projections' states (`projections/engine/state.ts`): every projection's unit writes one. */
const DEFAULT_SHARED_COLLECTIONS = ['projection_state'];

/** Projections' units at once: 4 of the pool's 10 connections, the rest for reads and leases. */
const UNITS_ALONGSIDE = 4;

export type PostgresReadStoreOptions = {
  connectionString: string;
  /** Connections this store holds at most (units of work, reads and leases share them). */
  poolSize?: number;
  /** No statement runs longer: a stuck query never holds a request or a lease for ever. */
  statementTimeoutMs?: number;
  /** How often other processes' commits are looked for when no notification woke the store. */
  pollIntervalMs?: number;
  /** Commit records kept for processes that read them late; older ones are pruned. */
  keepCommits?: number;
  /** Documents the store keeps parsed between units of work (the least recently used go). */
  cachedDocuments?: number;
  /**
   * Documents the answers of reads of announced collections may hold between requests (5,000;
   * 0: none), and for how long at most (1 s), should a change go unannounced (`read-answers.ts`).
   */
  answerCacheDocuments?: number;
  answerMaxAgeMs?: number;
  /** Units asked to run `alongside` that may hold a connection each at once (4). */
  unitsAlongside?: number;
  /**
   * Collections every unit writes, each unit its own documents (the projections' states, by
   * default: `projections/engine/state.ts`). Nothing of them is kept between units, so their
   * writes move no version: a version is a row each writing unit locks until it commits, and
   * units beside each other waited on it for one another (a live answer's eight projections
   * committed one after another: 4.1 ms of each unit's 17 went there).
   */
  sharedCollections?: readonly string[];
  now?: () => number;
  /**
   * Told when something goes wrong in the background: an idle connection fails, the commit
   * listener loses its connection, reading other processes' commits keeps failing.
   */
  onWarning?: (error: unknown, message: string) => void;
};

/**
 * The read store on PostgreSQL: the embedded store's layout and rules on a server every
 * process shares (`pg-names.ts`): a table per collection generation with documents as
 * `jsonb`, declared indexes as expression indexes, queries planned by the same planner as on
 * SQLite (`query/plan.ts`) and said in PostgreSQL's dialect (`pg-plan.ts`). A unit of work is
 * one transaction on one connection, one after another in this process (as on SQLite), with
 * the lease check (fencing token) and the commit record inside it; other processes learn of
 * commits by `LISTEN/NOTIFY`, with the commit records polled as the floor a lost notification
 * cannot go below.
 */
export const openPostgresReadStore = async (
  options: PostgresReadStoreOptions,
): Promise<ReadStore> => {
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const warn = options.onWarning ?? (() => undefined);
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = openPool({
    connectionString: options.connectionString,
    poolSize,
    statementTimeoutMs: statementTimeout,
    applicationName: 'boon-read-store',
    onIdleError: (error) => warn(error, 'an idle read-store connection failed'),
  });
  try {
    await inTransaction(pool, async (client) => {
      // Processes starting together make the tables one at a time.
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await client.query(STORE_SCHEMA);
    });
  } catch (error) {
    await pool.end();
    throw error;
  }

  const now = options.now ?? Date.now;
  const origin = randomUUID();
  const collections = new PgCollections(
    new Set(options.sharedCollections ?? DEFAULT_SHARED_COLLECTIONS),
  );
  const cache = new DocumentLru(options.cachedDocuments ?? 50_000);
  const recordAndCommit = commitRecorder(origin, options.keepCommits ?? 20_000);
  const notices = new Subject<CommitNotice>();
  let closed = false;
  // Reads and leases keep two connections of the pool however many units run beside each other.
  const width = Math.min(options.unitsAlongside ?? UNITS_ALONGSIDE, poolSize - 2);
  const gate = unitGate(Math.max(1, width), () => closed);

  const reads = readingPool(pool);
  // Requests read the same few documents again and again (a page's question, its count, the
  // reader's identity): each a round trip, where SQLite's are calls into the process.
  const answers = new ReadAnswers({
    capacity: options.answerCacheDocuments ?? 5_000,
    maxAgeMs: options.answerMaxAgeMs ?? 1_000,
    now,
  });
  const readCollection = <T extends Doc>(
    name: string,
    readOptions?: { announcedBy?: string },
  ): ReadCollection<T> => {
    const collection = () => collections.get(name);
    const announcer = readOptions?.announcedBy;
    const kept = <R>(key: () => string | null, read: () => Promise<R>) =>
      announcer === undefined ? read() : answers.read(key(), announcer, read);
    return {
      findOne: (filter) =>
        kept(
          () => answerKey(name, 'findOne', filter),
          async () => {
            const plan = await collection().plan(reads, filter, { limit: 1 });
            if (typeof filter._id === 'string') {
              const doc = await documentById(reads, collection(), filter._id);
              return doc && evaluate(plan.where, doc) ? (doc as T) : null;
            }
            return ((await findDocuments(reads, collection(), plan))[0] as T | undefined) ?? null;
          },
        ),
      find: (filter, findOptions = {}) =>
        kept(
          () => answerKey(name, 'find', filter, findOptions),
          async () =>
            (await findDocuments(
              reads,
              collection(),
              await collection().plan(reads, filter, findOptions),
            )) as T[],
        ),
      count: (filter = {}) =>
        kept(
          () => answerKey(name, 'count', filter),
          async () =>
            countDocuments(reads, collection(), (await collection().plan(reads, filter)).where),
        ),
      explain: async (filter, findOptions = {}) =>
        explainFind(reads, collection(), await collection().plan(reads, filter, findOptions)),
    };
  };

  const runUnit = async <R>(work: (tx: UnitOfWork) => Promise<R>): Promise<R> => {
    const { client, release } = await checkOut(pool);
    const unit = new PgDocumentUnit(client, collections, cache);
    const fences: Pick<Lease, 'name' | 'token'>[] = [];
    const pending: CommitNotice[] = [];
    let broken: Error | undefined;
    let result: R;
    try {
      await client.query('BEGIN');
      result = await work({
        collection: <T extends Doc>(name: string) => unit.collection<T>(name),
        fence: (lease) => fences.push({ name: lease.name, token: lease.token }),
        notify: (notice) => pending.push(notice),
      });
      // What is left to write, the versions moved and the fences checked: one round trip.
      const leaseNames = [...new Set(fences.map((fence) => fence.name))];
      const tokens = await unit.finish(leaseNames);
      const lost = fences.find((fence) => tokens.get(fence.name) !== fence.token);
      if (lost) throw new LeaseLostError(lost.name);
      // The notices recorded and the commit, one round trip.
      await recordAndCommit(client, pending);
    } catch (error) {
      broken = await rollback(client);
      unit.rolledBack();
      throw error;
    } finally {
      // A unit that announces a change of a projection makes the answers kept of its
      // collections out of date (also when the commit's answer was lost: it may have
      // committed). One that announces nothing wrote nothing requests read as announced (its
      // own state, a lease, the push outbox, a build not yet served): the 1 s bound covers a
      // first build, which is read while it runs.
      for (const projection of new Set(pending.map((notice) => notice.projection))) {
        answers.forget(projection);
      }
      release(broken);
    }
    unit.committed();
    pending.forEach((notice) => notices.next(notice));
    return result;
  };

  /** The indexes PostgreSQL holds on the collection's table, by physical name. */
  const builtIndexes = async (client: pg.PoolClient, collection: PgCollection) => {
    const { rows } = await client.query<{ indexname: string }>(
      'SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1',
      [collection.table],
    );
    return new Set(rows.map((row) => row.indexname));
  };

  /** Declares indexes, building them now or (`whenQueried`) when a unit's query first needs them. */
  const ensureIndexes = (name: string, specs: readonly IndexSpec[], whenQueried: boolean) => {
    let made = false;
    return inTransaction(pool, async (client) => {
      const collection = collections.get(name);
      made = await createCollectionTable(client, collection);
      const declared = (await collection.declared(client)).specs;
      const undeclared = specs.filter((spec) => !declared.has(indexNameOf(spec)));
      const built = await builtIndexes(client, collection);
      const unbuilt = [...declared.values(), ...undeclared].filter(
        (spec) => !built.has(physicalIndexOf(name, indexNameOf(spec))),
      );
      for (const spec of undeclared) {
        await client.query(
          `INSERT INTO rm_indexes (collection, name, spec) VALUES ($1, $2, $3::json)
           ON CONFLICT (collection, name) DO UPDATE SET spec = excluded.spec`,
          [name, indexNameOf(spec), JSON.stringify(spec)],
        );
      }
      collection.declare(undeclared);
      if (whenQueried) {
        collection.pending = unbuilt.length > 0 ? unbuilt : null;
        return;
      }
      collection.pending = null;
      for (const spec of unbuilt) {
        // Documents written before the index was declared must hold what it needs too.
        for (const field of Object.keys(spec.key)) {
          const { rows } = await client.query<{ doc: Doc }>(invalidIndexedValueSql(name, field));
          if (rows[0]) checkIndexedValues(name, rows[0].doc, [field.split('.')]);
        }
        for (const sql of createIndexSql(name, spec)) await client.query(sql);
      }
      // A generation filled before its indexes (a rebuild): the planner's statistics come
      // with them. An empty table is left to autovacuum: statistics of nothing mislead.
      if (unbuilt.length === 0) return;
      const { rowCount } = await client.query(`SELECT 1 FROM ${collection.table} LIMIT 1`);
      if (rowCount) await client.query(`ANALYZE ${collection.table}`);
    }).then(
      () => {
        answers.forget();
        if (!made) return;
        cache.forget(name);
        madeEmpty(collections.get(name));
      },
      (error: unknown) => {
        collections.get(name).undeclare();
        // Rolled back: the table made in it is not there.
        if (made) collections.get(name).exists = false;
        throw error;
      },
    );
  };

  const listener = openListener(options.connectionString, {
    applicationName: 'boon-read-commits',
    onError: (error) =>
      warn(error, 'the read store’s commit listener lost its connection; reconnecting'),
  });
  const following = await followCommits({
    pool,
    origin,
    listener,
    pollIntervalMs: options.pollIntervalMs ?? 250,
    emit: (notice) => {
      answers.forget(notice.projection);
      notices.next(notice);
    },
    warn,
  });

  return {
    engine: 'postgres',
    collection: readCollection,
    transaction: (work, unitOptions) => {
      if (unitOptions?.alongside) return gate.alongside(() => runUnit(work));
      if (unitOptions?.ahead) return gate.aloneAhead(() => runUnit(work));
      return gate.alone(() => runUnit(work));
    },
    ensureIndexes: (name, specs, ensureOptions) =>
      gate.alone(() => ensureIndexes(name, specs, ensureOptions?.whenQueried ?? false)),
    dropCollection: (name) =>
      gate.alone(async () => {
        const collection = collections.get(name);
        await inTransaction(pool, async (client) => {
          await client.query(`DROP TABLE IF EXISTS ${collection.table}`);
          await client.query('DELETE FROM rm_collections WHERE name = $1', [name]);
          await client.query('DELETE FROM rm_indexes WHERE collection = $1', [name]);
        });
        cache.forget(name);
        answers.forget();
        collections.forget(name);
      }),
    forgetAnswers: (projection) => answers.forget(projection),
    listCollections: async () =>
      (
        await pool.query<{ name: string }>('SELECT name FROM rm_collections ORDER BY name')
      ).rows.map((row) => row.name),
    leases: postgresLeases(pool, now),
    notices: notices.asObservable(),
    announce: (notice) => {
      if (!closed) notices.next(notice);
    },
    close: async () => {
      await gate.alone(async () => undefined);
      closed = true;
      await following.close();
      await listener.close();
      notices.complete();
      await pool.end();
    },
  };
};
