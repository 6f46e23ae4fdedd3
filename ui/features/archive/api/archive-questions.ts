import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionDto } from '../../../../domain/contracts/questions';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every question asked so far; 403 until today's is answered. Always fresh on mount. */
export const archiveQuestionsQuery = queryOptions({
  queryKey: queryKeys.archiveQuestions,
  queryFn: () => api<QuestionDto[]>('/api/archive/questions'),
  staleTime: 0,
  refetchOnMount: 'always',
  retry: false,
});

export const useArchiveQuestions = () => useQuery(archiveQuestionsQuery);
