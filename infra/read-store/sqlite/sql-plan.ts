import type { Filter, FindOptions } from '../read-store';
import { fieldExpression, isPlainPath } from './sql-names';

/**
 * A MongoDB query as SQL over a collection's table. What SQL can say exactly goes into the
 * WHERE clause and the ORDER BY; everything else (operators SQL is not given, fields no
 * declared index makes scalar) is matched on the rows SQL returns, so the WHERE clause is
 * always a superset of the answer and `exact` says when it is the answer itself.
 */
export type SqlPlan = {
  /** `WHERE …` or an empty string. */
  where: string;
  params: SqlValue[];
  /** `ORDER BY …` or an empty string. */
  orderBy: string;
  /** The rows SQL returns are exactly the matching documents: nothing is left to test. */
  exact: boolean;
  /** The rows SQL returns come in the requested order (or none was requested). */
  ordered: boolean;
};

export type SqlValue = string | number | null;

type Condition = { sql: string; params: SqlValue[] };

/** Strings and finite numbers bind as they are; anything else is matched in JavaScript. */
const bindableValue = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

const RANGE: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/**
 * SQLite orders every number before every string: a range on one kind must not take in the
 * other, so the bound on the other side of the kind is added (the empty string is the least
 * string; whatever is below it is a number).
 */
const kindGuard = (expression: string, op: string, operand: string | number) => {
  const upward = op === '$gt' || op === '$gte';
  if (typeof operand === 'string' && !upward) return `${expression} >= ''`;
  if (typeof operand === 'number' && upward) return `${expression} < ''`;
  return null;
};

/** One field's condition as SQL, or null when SQL cannot say it exactly. */
const conditionOn = (field: string, condition: unknown): Condition | null => {
  const expression = fieldExpression(field);
  // The id column is text, which SQLite compares a number with as text: ids take strings only.
  const bindable = field === '_id' ? (v: unknown) => typeof v === 'string' : bindableValue;
  if (condition === null) {
    return field === '_id' ? null : { sql: `${expression} IS NULL`, params: [] };
  }
  if (bindable(condition)) return { sql: `${expression} = ?`, params: [condition as SqlValue] };
  if (typeof condition !== 'object' || Array.isArray(condition)) return null;
  const entries = Object.entries(condition as Record<string, unknown>);
  if (entries.length === 0) return null;
  const parts: string[] = [];
  const params: SqlValue[] = [];
  for (const [op, operand] of entries) {
    if (op === '$eq') {
      const equal = conditionOn(field, operand);
      if (!equal) return null;
      parts.push(equal.sql);
      params.push(...equal.params);
    } else if (Object.hasOwn(RANGE, op)) {
      if (!bindable(operand)) return null;
      const bound = operand as string | number;
      parts.push(`${expression} ${RANGE[op]} ?`);
      params.push(bound);
      const guard = kindGuard(expression, op, bound);
      if (guard) parts.push(guard);
    } else if (op === '$in') {
      if (!Array.isArray(operand)) return null;
      const values = operand.filter(bindable) as (string | number)[];
      const withNull = operand.includes(null) && field !== '_id';
      if (values.length + (withNull ? 1 : 0) !== operand.length) return null;
      const alternatives: string[] = [];
      if (values.length > 0) {
        alternatives.push(`${expression} IN (${values.map(() => '?').join(', ')})`);
        params.push(...values);
      }
      if (withNull) alternatives.push(`${expression} IS NULL`);
      parts.push(alternatives.length === 0 ? '0' : `(${alternatives.join(' OR ')})`);
    } else return null;
  }
  return { sql: parts.join(' AND '), params };
};

/**
 * The top-level conditions of a filter (through `$and`) that SQL says exactly, and whether
 * any was left to JavaScript. Only `_id` and indexed fields are given to SQL: a declared index
 * is what makes a field a scalar, and a condition on an array (MongoDB's "any element") is
 * not one SQL's comparison can say.
 */
const whereOf = (filter: Filter, indexed: ReadonlySet<string>) => {
  const conditions: Condition[] = [];
  let exact = true;
  const visit = (part: Filter) => {
    for (const [key, value] of Object.entries(part)) {
      if (key === '$and' && Array.isArray(value)) {
        value.forEach((sub) => {
          if (sub && typeof sub === 'object' && !Array.isArray(sub)) visit(sub as Filter);
          else exact = false;
        });
        continue;
      }
      const translatable = key === '_id' || (indexed.has(key) && isPlainPath(key));
      const condition = translatable ? conditionOn(key, value) : null;
      if (condition) conditions.push(condition);
      else exact = false;
    }
  };
  visit(filter);
  return { conditions, exact };
};

const orderOf = (options: FindOptions, indexed: ReadonlySet<string>) => {
  const keys = Object.entries(options.sort ?? {});
  if (keys.length === 0) return { orderBy: '', ordered: true };
  const sortable = keys.every(
    ([field]) => field === '_id' || (indexed.has(field) && isPlainPath(field)),
  );
  if (!sortable) return { orderBy: '', ordered: false };
  // Exactly the requested order, so an index on these fields walks it with no sort step (ties
  // come as the index holds them, as MongoDB leaves them unspecified).
  const terms = keys.map(
    ([field, direction]) => `${fieldExpression(field)}${direction === -1 ? ' DESC' : ''}`,
  );
  return { orderBy: `ORDER BY ${terms.join(', ')}`, ordered: true };
};

export const planQuery = (
  filter: Filter,
  options: FindOptions,
  indexed: ReadonlySet<string>,
): SqlPlan => {
  const { conditions, exact } = whereOf(filter, indexed);
  const { orderBy, ordered } = orderOf(options, indexed);
  return {
    where: conditions.length > 0 ? `WHERE ${conditions.map((c) => c.sql).join(' AND ')}` : '',
    params: conditions.flatMap((c) => c.params),
    orderBy,
    exact,
    ordered,
  };
};
