import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ModerationAction,
  QueueItemDto,
  Visibility,
} from '../../../../domain/contracts/reports';
import { pagedQuery, usePagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { adminApi, adminPage } from '../admin-api';

/** Waiting for a decision, or hidden by one (and restorable). */
export type QueueStatus = 'open' | 'hidden';

/** The review queue: open items by report count then age; hidden ones newest first. */
export const adminReportsQuery = (status: QueueStatus) =>
  pagedQuery(
    queryKeys.adminReportList(status),
    `/api/admin/reports?status=${status}`,
    adminPage<QueueItemDto>,
  );

export const useAdminReports = (status: QueueStatus) => usePagedList(adminReportsQuery(status));

/** A decision on one item; the queue's lists refresh (the live notice says so too). */
export const useResolveReport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: ModerationAction; note: string }) =>
      adminApi<{ position: string | null; visibility: Visibility }>(
        `/api/admin/reports/${encodeURIComponent(id)}/resolve`,
        { method: 'POST', body: { action, ...(note.trim() ? { note: note.trim() } : {}) } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.adminReports }),
  });
};
