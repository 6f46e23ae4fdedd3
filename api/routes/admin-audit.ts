import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AuditEntryDto } from '../../domain/contracts/audit';
import { auditQuery } from '../../domain/contracts/schemas/audit';
import type { SortSpec } from '../../infra/read-store/read-store';
import { moderationAuditProjection, type AuditEntryDoc } from '../../projections/moderation-audit';
import type { AppContext } from '../context';
import { requireAdmin } from '../http/guards';
import { pageOf, sendPage } from '../http/paging';
import { parseInput } from '../http/validation';

/** The most rows one CSV export holds, newest first. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

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

/** The day after a YYYY-MM-DD, as the start of its ISO timestamps. */
const dayAfter = (day: string) => {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

/**
 * The filter and the sort its index answers: equality on the fields asked for (in the
 * order the declared indexes have them), then the key's range, newest first.
 */
const queryOf = (req: Request) => {
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
  const range: Record<string, string> = {};
  if (q.from) range.$gte = `${q.from}T00:00:00.000Z`;
  if (q.to) range.$lt = dayAfter(q.to);
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
    const { equal, range, sort } = queryOf(req);
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

  router.get('/admin/audit.csv', requireAdmin(ctx), async (req, res) => {
    const { equal, range, sort } = queryOf(req);
    const filter = { ...equal, ...(Object.keys(range).length > 0 ? { key: range } : {}) };
    const docs = await entries().find(filter, { sort, limit: AUDIT_CSV_MAX_ROWS });
    const lines = [
      CSV_COLUMNS.join(','),
      ...docs.map((doc) => CSV_COLUMNS.map((column) => cell(doc[column])).join(',')),
    ];
    res
      .type('text/csv; charset=utf-8')
      .attachment('moderation-history.csv')
      .send(`${lines.join('\r\n')}\r\n`);
  });

  return router;
};
