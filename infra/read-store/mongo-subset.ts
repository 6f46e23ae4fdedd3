import type { Db } from 'mongodb';
import { QueryPlanner, UnsupportedQueryError } from './query/plan';
import type { Filter, FindOptions, IndexSpec } from './read-store';

/**
 * Each collection's declared index fields, as the embedded store knows them: MongoDB answers
 * more than the read store's query subset, and a query only this engine answers would fail
 * on the others, so it is refused here too (`query/plan.ts`).
 */
export class DeclaredFields {
  private readonly fields = new Map<string, Set<string>>();

  constructor(private readonly db: Db) {}

  declare(collection: string, indexes: readonly IndexSpec[]) {
    const fields = this.fields.get(collection) ?? new Set();
    for (const spec of indexes) Object.keys(spec.key).forEach((field) => fields.add(field));
    this.fields.set(collection, fields);
  }

  private async load(collection: string) {
    const indexes = await this.db
      .collection(collection)
      .indexes()
      .catch(() => [] as { key: Record<string, unknown> }[]);
    this.fields.set(
      collection,
      new Set(
        indexes.flatMap((index) => Object.keys(index.key)).filter((field) => field !== '_id'),
      ),
    );
  }

  /** Checks a query against the subset, asking MongoDB for the indexes once more before refusing. */
  async check(collection: string, filter: Filter, options?: FindOptions) {
    if (!this.fields.has(collection)) await this.load(collection);
    const plan = () =>
      new QueryPlanner(collection, (field) => this.fields.get(collection)!.has(field)).plan(
        filter,
        options,
      );
    try {
      plan();
    } catch (error) {
      if (!(error instanceof UnsupportedQueryError)) throw error;
      await this.load(collection);
      plan();
    }
  }

  forget(collection: string) {
    this.fields.delete(collection);
  }

  async paths(collection: string): Promise<string[][]> {
    if (!this.fields.has(collection)) await this.load(collection);
    return [...this.fields.get(collection)!].map((field) => field.split('.'));
  }
}
