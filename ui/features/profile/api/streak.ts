import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StreakDto } from '../../../../domain/contracts/progress';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const streakQuery = queryOptions({
  queryKey: queryKeys.streak,
  queryFn: () => api<StreakDto>('/api/user/streak'),
});

export const useStreak = () => useQuery(streakQuery);
