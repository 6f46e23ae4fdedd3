import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BadgeDto } from '../../../../domain/contracts/progress';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const badgesQuery = queryOptions({
  queryKey: queryKeys.badges,
  queryFn: () => api<BadgeDto[]>('/api/user/badges'),
});

export const useBadges = () => useQuery(badgesQuery);
