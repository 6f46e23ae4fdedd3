import { Download, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditValues,
} from '../../../../domain/contracts/audit';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Form, showFieldProblems } from '../../../components/ui/form';
import { FormSelect, FormTextField } from '../../../components/ui/form-fields';
import { fullDateTime } from '../../../lib/date-format';
import { SkeletonList } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { downloadAuditCsv, useAuditPage, type AuditFilters } from '../api/admin-audit';

const ANY = 'any';
const ACTION_OPTIONS = [
  { value: ANY, label: 'Any action' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: a })),
] as const;

type FilterValues = {
  admin: string;
  action: AuditAction | typeof ANY;
  target: string;
  from: string;
  to: string;
};
const NO_FILTERS: FilterValues = { admin: '', action: ANY, target: '', from: '', to: '' };

const COLUMNS = ['When', 'Admin', 'Action', 'Target', 'Reason', 'Before', 'After'] as const;

/** How a column's text wraps: dates and action names stay on one line, ids break anywhere. */
const WRAP: Partial<Record<(typeof COLUMNS)[number], string>> = {
  When: 'sm:whitespace-nowrap',
  Action: 'sm:whitespace-nowrap',
  Target: 'break-all',
};

const values = (v: AuditValues | null) =>
  v
    ? Object.entries(v)
        .map(([k, x]) => `${k}: ${x === null ? '—' : String(x)}`)
        .join(', ')
    : '';

/** Every admin action and the analyzer's refusals: filtered, paged, exported. */
export const AuditTab = () => {
  const { toast } = useToast();
  const form = useForm<FilterValues>({ defaultValues: NO_FILTERS });
  const [filters, setFilters] = useState<AuditFilters>({});
  /** The cursors of the pages before this one; the last is this page's. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = useAuditPage(filters, cursors.at(-1) ?? null);
  // A filter the server refuses is named beside its field.
  useEffect(() => {
    if (page.error) showFieldProblems(form, page.error);
  }, [form, page.error]);

  const apply = ({ action, ...rest }: FilterValues) => {
    setFilters({ ...rest, ...(action === ANY ? {} : { action }) });
    setCursors([null]);
  };

  return (
    <div className="flex flex-col gap-4">
      <Form
        form={form}
        aria-label="Filter the history"
        onSubmit={apply}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        footer={
          <div className="flex flex-wrap items-end gap-2">
            <Button type="submit">Apply filters</Button>
            <Button type="button" variant="secondary" onClick={() => void page.refetch()}>
              <RefreshCw aria-hidden="true" />
              Refresh
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() =>
                downloadAuditCsv(filters).catch((error: unknown) =>
                  toast({ title: `Export failed: ${failureText(error)}`, variant: 'destructive' }),
                )
              }
            >
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          </div>
        }
      >
        <FormTextField control={form.control} name="admin" label="Admin" />
        <FormSelect control={form.control} name="action" label="Action" options={ACTION_OPTIONS} />
        <FormTextField
          control={form.control}
          name="target"
          label="Target id"
          rules={{
            pattern: { value: /^[A-Za-z0-9_-]{0,64}$/, message: 'target is not an id' },
          }}
        />
        <FormTextField control={form.control} name="from" label="From" type="date" />
        <FormTextField
          control={form.control}
          name="to"
          label="To"
          type="date"
          rules={{
            validate: (to: string, { from }: FilterValues) =>
              !from || !to || from <= to || 'To must not be before From.',
          }}
        />
      </Form>
      {page.isPending ? (
        <SkeletonList count={3} label="Loading the history" />
      ) : page.isError ? (
        <p role="alert">{failureText(page.error)}</p>
      ) : page.data.entries.length === 0 ? (
        <EmptyState title="Nothing in the history matches" />
      ) : (
        <>
          <p className="text-small text-ink-muted" aria-live="polite">
            {page.data.total} {page.data.total === 1 ? 'entry' : 'entries'}
          </p>
          {/* A table from the small breakpoint up; on a phone each entry is a card of labelled
              lines (the cells keep their table semantics, their column named beside them). */}
          <section
            aria-label="Moderation history"
            className="sm:overflow-x-auto sm:rounded-md sm:border sm:border-line"
          >
            <table className="w-full text-left text-small max-sm:block">
              <caption className="sr-only">Moderation history, newest first</caption>
              <thead className="bg-surface-sunken max-sm:sr-only">
                <tr>
                  {COLUMNS.map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
                {page.data.entries.map((e) => (
                  <tr
                    key={e.id}
                    className="border-t border-line align-top max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:rounded-md max-sm:border max-sm:bg-surface max-sm:p-3"
                  >
                    {[
                      fullDateTime(new Date(e.at)),
                      e.admin,
                      e.action,
                      `${e.targetKind} ${e.targetId}`,
                      e.reason ?? '',
                      values(e.before),
                      values(e.after),
                    ].map((text, i) => (
                      <td
                        key={COLUMNS[i]}
                        data-label={COLUMNS[i]}
                        className={`px-3 py-2 break-words ${WRAP[COLUMNS[i]!] ?? ''} max-sm:grid max-sm:grid-cols-[4.5rem_1fr] max-sm:gap-2 max-sm:p-0 max-sm:before:font-semibold max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)] ${text === '' ? 'max-sm:hidden' : ''}`}
                      >
                        {text}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              disabled={cursors.length === 1}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              Newer
            </Button>
            <Button
              variant="secondary"
              disabled={page.data.next === null}
              onClick={() => setCursors((c) => [...c, page.data.next])}
            >
              Older
            </Button>
          </div>
        </>
      )}
    </div>
  );
};
