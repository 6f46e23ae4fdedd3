import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpinionAnswerDto } from '../../../../domain/contracts/opinions';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/opinions/{questionId}/answers: the words of the answers the map names. Asked for
 * beside the map (the server knows which), not after it.
 */
export const opinionAnswersQuery = (questionId: number) =>
  queryOptions({
    queryKey: queryKeys.opinionAnswers(questionId),
    queryFn: () => api<OpinionAnswerDto[]>(`/api/opinions/${questionId}/answers`),
    select: (answers) => new Map(answers.map((answer) => [answer.responseId, answer])),
  });

export const useOpinionAnswers = (questionId: number) => useQuery(opinionAnswersQuery(questionId));
