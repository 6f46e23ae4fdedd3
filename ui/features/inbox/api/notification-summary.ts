import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSummaryDto } from '../../../../domain/contracts/notifications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many notifications are unread: the bell's count. */
export const notificationSummaryQuery = queryOptions({
  queryKey: queryKeys.notificationSummary,
  queryFn: () => api<NotificationSummaryDto>('/api/user/notifications/summary'),
});

export const useNotificationSummary = (enabled: boolean) =>
  useQuery({ ...notificationSummaryQuery, enabled });
