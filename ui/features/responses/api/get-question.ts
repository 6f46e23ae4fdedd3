import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionDto } from '../../../../domain/contracts/questions';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getQuestion = (id: number) => api<QuestionDto>(`/api/question/${id}`);

export const questionQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.question(id), queryFn: () => getQuestion(id) });

export const useQuestion = (id: number) => useQuery(questionQuery(id));
