import { isIdField, type Predicate, type QueryPlan, type RangeOp } from '../query/plan';
import { fieldExpression, typeExpression } from './sql-names';

/** A planned query in SQLite's dialect: `WHERE …` and `ORDER BY …` (each possibly empty). */
export type SqlQuery = { where: string; params: SqlValue[]; orderBy: string };

export type SqlValue = string | number | null;

const RANGE_SQL: Readonly<Record<RangeOp, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * SQLite orders every number before every string: a range on one kind must not take in the
 * other, so the bound on the other side of the kind is added (the empty string is the least
 * string; whatever is below it is a number).
 */
const kindGuard = (expression: string, op: RangeOp, bound: string | number) => {
  const upward = op === 'gt' || op === 'gte';
  if (typeof bound === 'string' && !upward) return ` AND ${expression} >= ''`;
  if (typeof bound === 'number' && upward) return ` AND ${expression} < ''`;
  return '';
};

/**
 * A condition as SQLite says it. Declared fields hold strings, numbers or null, which
 * `json_extract` gives as TEXT, INTEGER/REAL or NULL, compared as MongoDB compares them (a
 * string never equals a number); written exactly as the indexes' expressions, so SQLite uses
 * them. Comparisons are NULL on a missing field, so a negation asks `IS NOT 1`.
 */
const condition = (where: Predicate, params: SqlValue[]): string => {
  switch (where.kind) {
    case 'all':
      return '1';
    case 'and':
    case 'or':
      return `(${where.parts.map((part) => condition(part, params)).join(where.kind === 'and' ? ' AND ' : ' OR ')})`;
    case 'not':
      return `(${condition(where.part, params)}) IS NOT 1`;
    case 'eq': {
      const expression = fieldExpression(where.field.path);
      if (where.value === null) return `${expression} IS NULL`;
      params.push(where.value);
      return `${expression} = ?`;
    }
    case 'range': {
      const expression = fieldExpression(where.field.path);
      params.push(where.value);
      const guard = isIdField(where.field) ? '' : kindGuard(expression, where.op, where.value);
      return `${expression} ${RANGE_SQL[where.op]} ?${guard}`;
    }
    case 'in': {
      const expression = fieldExpression(where.field.path);
      const values = where.values.filter((value) => value !== null);
      const alternatives: string[] = [];
      if (values.length > 0) {
        alternatives.push(`${expression} IN (${values.map(() => '?').join(', ')})`);
        params.push(...values);
      }
      if (values.length < where.values.length) alternatives.push(`${expression} IS NULL`);
      return alternatives.length === 0 ? '0' : `(${alternatives.join(' OR ')})`;
    }
    case 'exists':
      return `${typeExpression(where.field.path)} IS NOT NULL`;
  }
};

/**
 * A query plan in SQLite's dialect. The order is exactly the requested one, so an index on
 * these fields walks it with no sort step (SQLite's NULL first ascending is MongoDB's missing
 * and null first; ties come as the index holds them, as MongoDB leaves them unspecified).
 */
export const renderSqlite = (plan: Pick<QueryPlan, 'where' | 'order'>): SqlQuery => {
  const params: SqlValue[] = [];
  const where = plan.where.kind === 'all' ? '' : `WHERE ${condition(plan.where, params)}`;
  const terms = plan.order.map(
    ({ field, descending }) => `${fieldExpression(field.path)}${descending ? ' DESC' : ''}`,
  );
  return { where, params, orderBy: terms.length > 0 ? `ORDER BY ${terms.join(', ')}` : '' };
};
