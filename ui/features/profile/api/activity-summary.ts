import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivitySummaryDto } from '../../../../domain/contracts/progress';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's own summary (`me`: the device id stays out of the address). */
export const activitySummaryQuery = queryOptions({
  queryKey: queryKeys.activitySummary,
  queryFn: () => api<ActivitySummaryDto>('/api/user/activity-summary/me'),
});

export const useActivitySummary = () => useQuery(activitySummaryQuery);
