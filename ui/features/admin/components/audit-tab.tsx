import { Download, RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, type AuditValues } from '../../../../domain/contracts/audit';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { fullDate } from '../../../components/ui/relative-time';
import { Select } from '../../../components/ui/select';
import { SkeletonList } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { downloadAuditCsv, useAuditPage, type AuditFilters } from '../api/admin-audit';

const ACTION_OPTIONS = [
  { value: 'any', label: 'Any action' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: a })),
];

const values = (v: AuditValues | null) =>
  v
    ? Object.entries(v)
        .map(([k, x]) => `${k}: ${x === null ? '—' : String(x)}`)
        .join(', ')
    : '';

const detailOf = (error: unknown) => (error instanceof ApiError ? error.detail : String(error));

/** Every admin action and the analyzer's refusals: filtered, paged, exported. */
export const AuditTab = () => {
  const { toast } = useToast();
  const actionId = useId();
  const [draft, setDraft] = useState({ admin: '', action: 'any', target: '', from: '', to: '' });
  const [filters, setFilters] = useState<AuditFilters>({});
  /** The cursors of the pages before this one; the last is this page's. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = useAuditPage(filters, cursors.at(-1) ?? null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const { action, ...rest } = draft;
    setFilters({ ...rest, ...(action === 'any' ? {} : { action }) });
    setCursors([null]);
  };
  const set = (key: keyof typeof draft) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  return (
    <div className="flex flex-col gap-4">
      <form
        aria-label="Filter the history"
        onSubmit={apply}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <TextField label="Admin" value={draft.admin} onValueChange={set('admin')} />
        <div>
          <span id={actionId} className="mb-1.5 block text-small font-semibold">
            Action
          </span>
          <Select
            aria-labelledby={actionId}
            value={draft.action}
            onValueChange={set('action')}
            options={ACTION_OPTIONS}
          />
        </div>
        <TextField label="Target id" value={draft.target} onValueChange={set('target')} />
        <TextField label="From" type="date" value={draft.from} onValueChange={set('from')} />
        <TextField label="To" type="date" value={draft.to} onValueChange={set('to')} />
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
                toast({ title: `Export failed: ${detailOf(error)}`, variant: 'destructive' }),
              )
            }
          >
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </div>
      </form>
      {page.isPending ? (
        <SkeletonList count={3} label="Loading the history" />
      ) : page.isError ? (
        <p role="alert">{detailOf(page.error)}</p>
      ) : page.data.entries.length === 0 ? (
        <EmptyState title="Nothing in the history matches" />
      ) : (
        <>
          <p className="text-small text-ink-muted" aria-live="polite">
            {page.data.total} {page.data.total === 1 ? 'entry' : 'entries'}
          </p>
          {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
          <section
            aria-label="Moderation history"
            tabIndex={0}
            className="overflow-x-auto rounded-md border border-line"
          >
            <table className="w-full text-left text-small">
              <caption className="sr-only">Moderation history, newest first</caption>
              <thead className="bg-surface-sunken">
                <tr>
                  {['When', 'Admin', 'Action', 'Target', 'Reason', 'Before', 'After'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.data.entries.map((e) => (
                  <tr key={e.id} className="border-t border-line align-top">
                    <td className="px-3 py-2 whitespace-nowrap">{fullDate(new Date(e.at))}</td>
                    <td className="px-3 py-2">{e.admin}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{e.action}</td>
                    <td className="px-3 py-2 break-all">
                      {e.targetKind} {e.targetId}
                    </td>
                    <td className="px-3 py-2">{e.reason ?? ''}</td>
                    <td className="px-3 py-2 break-words">{values(e.before)}</td>
                    <td className="px-3 py-2 break-words">{values(e.after)}</td>
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
