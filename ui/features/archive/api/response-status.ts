import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseStatusDto } from '../../../../domain/contracts/archive';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Question id → whether the caller answered it. */
export const responseStatusQuery = queryOptions({
  queryKey: queryKeys.responseStatus,
  queryFn: () => api<ResponseStatusDto>('/api/user/response-status'),
});

/** As the spec asks: only once there are archive questions to mark. */
export const useResponseStatus = (enabled: boolean) =>
  useQuery({ ...responseStatusQuery, enabled });
