import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpinionSummaryDto } from '../../../../domain/contracts/opinions';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/opinions?questionIds=: each question's opinion map in figures (groups, common ground). */
export const opinionSummariesQuery = (questionIds: readonly number[]) =>
  queryOptions({
    queryKey: queryKeys.opinionSummaries(questionIds),
    queryFn: () => api<OpinionSummaryDto[]>(`/api/opinions?questionIds=${questionIds.join(',')}`),
    select: (summaries) => new Map(summaries.map((summary) => [summary.questionId, summary])),
    enabled: questionIds.length > 0,
  });

export const useOpinionSummaries = (questionIds: readonly number[]) =>
  useQuery(opinionSummariesQuery(questionIds));
