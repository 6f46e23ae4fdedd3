import { queryOptions } from '@tanstack/react-query';
import type { ResourceDto } from '../../../../domain/contracts/questions';
import type { HasRespondedDto, SubmitResponseResult } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const hasRespondedQuery = queryOptions({
  queryKey: queryKeys.hasResponded,
  queryFn: () => api<HasRespondedDto>('/api/user/has-responded'),
  staleTime: 0,
});

export const resourcesQuery = (questionId: number) =>
  queryOptions({
    queryKey: queryKeys.resources(questionId),
    queryFn: () => api<ResourceDto[]>(`/api/resources?questionId=${questionId}`),
  });

export const submitResponse = (body: {
  content: string;
  questionId: number;
  spectrumPosition: number | null;
}) => api<SubmitResponseResult>('/api/responses', { method: 'POST', body });
