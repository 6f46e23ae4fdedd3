import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BrainstormDto,
  ContributionCreatedDto,
  SuggestBody,
} from '../../../../domain/contracts/contributions';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const brainstormQuery = () =>
  queryOptions({
    queryKey: queryKeys.brainstorm,
    queryFn: () => api<BrainstormDto>('/api/brainstorm'),
  });

export const useBrainstorm = () => useQuery(brainstormQuery());

export const useSuggestQuestion = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SuggestBody) =>
      api<ContributionCreatedDto>('/api/brainstorm', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.brainstorm }),
  });
};
