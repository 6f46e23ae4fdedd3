import type { ResponseDto } from '../../../../domain/contracts/responses';
import { apiPage } from '../../../lib/api-client';
import { pagedQuery, usePagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A question's answers, a page at a time (own answer first, then the spec's order). Always
 * fresh on mount (the spec's rule for response queries); a live notice refreshes the pages
 * on screen.
 */
export const responsesQuery = (questionId: number) => ({
  ...pagedQuery(
    queryKeys.responses(questionId),
    `/api/responses/${questionId}`,
    apiPage<ResponseDto>,
  ),
  staleTime: 0,
  refetchOnMount: 'always' as const,
  retry: false,
});

export const useResponses = (questionId: number) => usePagedList(responsesQuery(questionId));
