import { isIdField, type Predicate, type QueryPlan, type RangeOp } from '../query/plan';
import { jsonExpression, numberExpression, orderTerms, textExpression } from './pg-names';

/** A planned query in PostgreSQL's dialect: `WHERE …` and `ORDER BY …` (each possibly empty). */
export type PgQuery = { where: string; params: unknown[]; orderBy: string };

const RANGE_SQL: Readonly<Record<RangeOp, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * The read store's plan (`query/plan.ts`) said in PostgreSQL. A declared field is its two
 * columns (`pg-names.ts`): a string has its text column set, a number its number column,
 * null and missing neither; each condition names both, so a string never equals a number
 * and an index on the field answers it. Comparisons are NULL on a column that is NULL, so a
 * negation asks `IS NOT TRUE`. Numbers are bound as text and read as `numeric`: exact.
 */
export const renderPostgres = (plan: Pick<QueryPlan, 'where' | 'order'>): PgQuery => {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const equal = (field: string, value: string | number | null) => {
    const text = textExpression(field);
    const number = numberExpression(field);
    if (value === null) return `${text} IS NULL AND ${number} IS NULL`;
    if (typeof value === 'string') return `${text} = ${param(value, 'text')} AND ${number} IS NULL`;
    return `${text} IS NULL AND ${number} = ${param(String(value), 'numeric')}`;
  };
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
        return `(${equal(where.field.path, where.value)})`;
      case 'range': {
        const op = RANGE_SQL[where.op];
        if (isIdField(where.field)) return `id ${op} ${param(where.value, 'text')}`;
        const { path } = where.field;
        if (typeof where.value === 'string') {
          return `${textExpression(path)} ${op} ${param(where.value, 'text')}`;
        }
        return `(${textExpression(path)} IS NULL AND ${numberExpression(path)} ${op} ${param(String(where.value), 'numeric')})`;
      }
      case 'in': {
        if (isIdField(where.field)) return `id = ANY(${param(where.values, 'text[]')})`;
        const { path } = where.field;
        const strings = where.values.filter((v) => typeof v === 'string');
        const numbers = where.values.filter((v) => typeof v === 'number').map(String);
        const alternatives: string[] = [];
        if (strings.length > 0) {
          alternatives.push(`${textExpression(path)} = ANY(${param(strings, 'text[]')})`);
        }
        if (numbers.length > 0) {
          alternatives.push(
            `(${textExpression(path)} IS NULL AND ${numberExpression(path)} = ANY(${param(numbers, 'numeric[]')}))`,
          );
        }
        if (where.values.includes(null)) alternatives.push(`(${equal(path, null)})`);
        return alternatives.length === 0 ? 'FALSE' : `(${alternatives.join(' OR ')})`;
      }
      case 'exists':
        return `${jsonExpression(where.field.path)} IS NOT NULL`;
    }
  };
  const where = plan.where.kind === 'all' ? '' : `WHERE ${condition(plan.where)}`;
  const terms = plan.order.flatMap(({ field, descending }) => orderTerms(field.path, descending));
  return { where, params, orderBy: terms.length > 0 ? `ORDER BY ${terms.join(', ')}` : '' };
};
