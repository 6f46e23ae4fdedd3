import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntryDto } from '../../../../domain/contracts/audit';
import { ApiError } from '../../../lib/api-client';
import { adminToken } from '../../../lib/admin-token';
import { queryKeys } from '../../../lib/query-keys';

/** admin, action, target, from, to: empty values are left out. */
export type AuditFilters = Record<string, string>;

export type AuditPage = { entries: AuditEntryDto[]; total: number; next: string | null };

const search = (filters: AuditFilters, cursor?: string | null) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
};

/** The history is paged in headers (Link rel=next, X-Total-Count), so this reads them too. */
const fetchAudit = async (path: string) => {
  const token = adminToken();
  const response = await fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    let problem = null;
    try {
      problem = JSON.parse(text);
    } catch {
      problem = null;
    }
    throw new ApiError(response.status, text || response.statusText, problem);
  }
  return response;
};

export const loadAuditPage = async (
  filters: AuditFilters,
  cursor: string | null,
): Promise<AuditPage> => {
  const response = await fetchAudit(`/api/admin/audit?${search(filters, cursor)}`);
  const next = /<[^>]*[?&]cursor=([^&>]+)[^>]*>;\s*rel="next"/.exec(
    response.headers.get('link') ?? '',
  );
  return {
    entries: (await response.json()) as AuditEntryDto[],
    total: Number(response.headers.get('x-total-count') ?? 0),
    next: next ? decodeURIComponent(next[1]!) : null,
  };
};

export const useAuditPage = (filters: AuditFilters, cursor: string | null) =>
  useQuery({
    queryKey: [...queryKeys.adminAudit(filters), cursor],
    queryFn: () => loadAuditPage(filters, cursor),
    placeholderData: keepPreviousData,
  });

/** Downloads the filtered history as a CSV file. */
export const downloadAuditCsv = async (filters: AuditFilters) => {
  const response = await fetchAudit(`/api/admin/audit.csv?${search(filters)}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'moderation-history.csv';
  link.click();
  URL.revokeObjectURL(url);
};
