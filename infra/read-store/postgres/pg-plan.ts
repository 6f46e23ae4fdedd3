import { isIdField, type Predicate, type QueryPlan, type RangeOp } from '../query/plan';
import {
  jsonExpression,
  KIND,
  keyExpression,
  kindExpression,
  numberKey,
  orderTerms,
} from './pg-names';

/** A planned query in PostgreSQL's dialect: `WHERE …` and `ORDER BY …` (each possibly empty). */
export type PgQuery = { where: string; params: unknown[]; orderBy: string };

const RANGE_SQL: Readonly<Record<RangeOp, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * The read store's plan (`query/plan.ts`) said in PostgreSQL. A declared field is its two
 * index columns, kind and key (`pg-names.ts`): each condition names both, so a string never
 * equals or compares with a number, and an index on the field answers it. Numbers are bound
 * as text, read as `numeric` and turned into keys by the same function the index uses: exact.
 * Negations ask `IS NOT TRUE`, so a comparison that is NULL counts as not holding.
 */
export const renderPostgres = (plan: Pick<QueryPlan, 'where' | 'order'>): PgQuery => {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  /** The key a value is compared as: the string, the number's key, or '' for null. */
  const keyOf = (value: string | number | null) =>
    value === null
      ? `''`
      : typeof value === 'string'
        ? param(value, 'text')
        : numberKey(param(String(value), 'numeric'));
  const kindOf = (value: string | number | null) =>
    value === null ? KIND.null : typeof value === 'string' ? KIND.string : KIND.number;
  const equal = (field: string, value: string | number | null) =>
    `(${kindExpression(field)} = ${kindOf(value)} AND ${keyExpression(field)} = ${keyOf(value)})`;
  const condition = (where: Predicate): string => {
    switch (where.kind) {
      case 'all':
        return 'TRUE';
      case 'and':
      case 'or':
        return `(${where.parts.map(condition).join(where.kind === 'and' ? ' AND ' : ' OR ')})`;
      case 'not':
        return `(${condition(where.part)}) IS NOT TRUE`;
      case 'eq':
        if (isIdField(where.field)) return `id = ${param(where.value, 'text')}`;
        return equal(where.field.path, where.value);
      case 'range': {
        const op = RANGE_SQL[where.op];
        if (isIdField(where.field)) return `id ${op} ${param(where.value, 'text')}`;
        const { path } = where.field;
        return `(${kindExpression(path)} = ${kindOf(where.value)} AND ${keyExpression(path)} ${op} ${keyOf(where.value)})`;
      }
      case 'in': {
        if (isIdField(where.field)) return `id = ANY(${param(where.values, 'text[]')})`;
        if (where.values.length === 0) return 'FALSE';
        return `(${where.values.map((value) => equal(where.field.path, value)).join(' OR ')})`;
      }
      case 'exists':
        return `${jsonExpression(where.field.path)} IS NOT NULL`;
    }
  };
  const where = plan.where.kind === 'all' ? '' : `WHERE ${condition(plan.where)}`;
  const terms = plan.order.flatMap(({ field, descending }) => orderTerms(field.path, descending));
  return { where, params, orderBy: terms.length > 0 ? `ORDER BY ${terms.join(', ')}` : '' };
};
