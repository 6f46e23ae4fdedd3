import { Router, type Request } from 'express';
import { once } from 'node:events';
import { z } from 'zod';
import type { AuditEntryDto } from '../../domain/contracts/audit';
import { auditQuery } from '../../domain/contracts/schemas/audit';
import { addDays, startOfProductDay } from '../../domain/shared/product-day';
import type { SortSpec } from '../../infra/read-store/read-store';
import { moderationAuditProjection, type AuditEntryDoc } from '../../projections/moderation-audit';
import type { AppContext } from '../context';
import { requireAdmin } from '../http/guards';
import { pageOf, sendPage } from '../http/paging';
import { parseInput } from '../http/validation';

/** Entries the CSV export reads at once: it streams every row, a page at a time. */
export const AUDIT_CSV_PAGE = 1_000;

const CSV_COLUMNS = [
  'at',
  'admin',
  'action',
  'targetKind',
  'targetId',
  'reason',
  'before',
  'after',
] as const;

const toDto = ({ _id, key: _key, ...entry }: AuditEntryDoc): AuditEntryDto => ({
  id: _id,
  ...entry,
});

/**
 * The filter and the sort its index answers: equality on the fields asked for (in the
 * order the declared indexes have them), then the key's range, newest first.
 */
const queryOf = (ctx: AppContext, req: Request) => {
  const q = parseInput(auditQuery, req.query, 'query');
  const equal: Record<string, string> = {};
  const sort: SortSpec = {};
  if (q.target) {
    equal.targetId = q.target;
    sort.targetId = 1;
  }
  if (q.admin) {
    equal.admin = q.admin;
    if (!q.target) sort.admin = 1;
  }
  if (q.action) {
    equal.action = q.action;
    if (!q.target) sort.action = 1;
  }
  sort.key = -1;
  // Product days, as every other date: from the start of `from` to the start of the day after `to`.
  const range: Record<string, string> = {};
  if (q.from) range.$gte = startOfProductDay(q.from, ctx.dayRules).toISOString();
  if (q.to) range.$lt = startOfProductDay(addDays(q.to, 1), ctx.dayRules).toISOString();
  return { equal, range, sort };
};

/** A spreadsheet cell: quoted, and never read as a formula. */
const cell = (value: unknown) => {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The moderation history: every admin action and the analyzer's refusals, for admins only. */
export const adminAuditRoutes = (ctx: AppContext) => {
  const router = Router();
  const entries = () => ctx.readModels.of(moderationAuditProjection).audit_entries;

  router.get('/admin/audit', requireAdmin(ctx), async (req, res) => {
    const { equal, range, sort } = queryOf(ctx, req);
    const { after, limit } = pageOf(req, z.string().max(60));
    const filter = { ...equal, ...(Object.keys(range).length > 0 ? { key: range } : {}) };
    const paged =
      after === null
        ? filter
        : { ...equal, key: { ...range, $lt: range.$lt && range.$lt < after ? range.$lt : after } };
    const [docs, total] = await Promise.all([
      entries().find(paged, { sort, limit: limit + 1 }),
      entries().count(filter),
    ]);
    const page = docs.slice(0, limit);
    const next = docs.length > limit ? page.at(-1)!.key : null;
    sendPage(req, res, page.map(toDto), next, total);
  });

  // Every row, newest first, written a page at a time as the index gives them (keys are
  // unique: each page goes on below the last key written), never all in memory.
  router.get('/admin/audit.csv', requireAdmin(ctx), async (req, res) => {
    const { equal, range, sort } = queryOf(ctx, req);
    const pageBelow = (below: string | undefined) => {
      const keys = { ...range, ...(below === undefined ? {} : { $lt: below }) };
      const filter = { ...equal, ...(Object.keys(keys).length > 0 ? { key: keys } : {}) };
      return entries().find(filter, { sort, limit: AUDIT_CSV_PAGE });
    };
    // The first page is read before the first byte is sent: whatever refuses the request (an
    // X-Min-Position beyond the log, a read model catching up) still answers with a problem.
    let docs = await pageBelow(range.$lt);
    res.type('text/csv; charset=utf-8').attachment('moderation-history.csv');
    res.setHeader('Cache-Control', 'no-store');
    res.write(`${CSV_COLUMNS.join(',')}\r\n`);
    try {
      for (;;) {
        if (res.destroyed) return;
        const lines = docs.map((doc) => CSV_COLUMNS.map((column) => cell(doc[column])).join(','));
        if (lines.length > 0 && !res.write(`${lines.join('\r\n')}\r\n`)) {
          await once(res, 'drain');
        }
        if (docs.length < AUDIT_CSV_PAGE) break;
        docs = await pageBelow(docs.at(-1)!.key);
      }
      res.end();
    } catch (error) {
      // The header is sent: a cut connection, not a problem document, says the file is not whole.
      ctx.logger.error({ err: error }, 'audit export failed');
      res.destroy(error as Error);
    }
  });

  return router;
};
