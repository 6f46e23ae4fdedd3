import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnResponseDto } from '../../../../domain/contracts/archive';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's own answers, newest first. Always fresh on mount. */
export const myResponsesQuery = queryOptions({
  queryKey: queryKeys.myResponses,
  queryFn: () => api<OwnResponseDto[]>('/api/archive/responses'),
  staleTime: 0,
  refetchOnMount: 'always',
});

export const useMyResponses = () => useQuery(myResponsesQuery);
