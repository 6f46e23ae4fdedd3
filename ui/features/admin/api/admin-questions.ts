import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminQuestionDto,
  FocusType,
  QuestionPreviewDto,
  QuestionSetDto,
} from '../../../../domain/contracts/admin-questions';
import { pagedQuery, usePagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { todayQuestionQuery } from '../../../lib/today-question';
import { adminApi, adminPage } from '../admin-api';

/**
 * Every question, a page at a time: the first page carries every planned one (by date, then
 * drafts) and the latest asked ones; later pages the asked ones before them, newest first.
 */
export const adminQuestionsQuery = pagedQuery(
  queryKeys.adminQuestions,
  '/api/questions',
  adminPage<AdminQuestionDto>,
);

export const useAdminQuestions = () => usePagedList(adminQuestionsQuery);

/** The day after a YYYY-MM-DD day. */
export const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Today's product day as the server counts it (the day of today's question). */
export const useProductDay = () => useQuery(todayQuestionQuery).data?.dateAdded ?? null;

/** A new preview each time it is asked for. */
export const usePreview = () =>
  useMutation({
    mutationFn: (type: FocusType) =>
      adminApi<QuestionPreviewDto>(`/api/questions/preview-generated?type=${type}`),
  });

const useQuestionMutation = <V>(send: (vars: V) => Promise<QuestionSetDto>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.adminQuestions });
      await client.invalidateQueries({ queryKey: queryKeys.todayQuestion });
    },
  });
};

export type QuestionText = { content: string; category: string };

export const useSetGenerated = () =>
  useQuestionMutation((body: { type: FocusType; bankId: number }) =>
    adminApi<QuestionSetDto>('/api/questions/generate', { method: 'POST', body }),
  );

export const useSaveEdited = () =>
  useQuestionMutation((body: QuestionText) =>
    adminApi<QuestionSetDto>('/api/questions/save-edited', { method: 'POST', body }),
  );

export const useScheduleQuestion = () =>
  useQuestionMutation((body: QuestionText & { scheduledFor: string }) =>
    adminApi<QuestionSetDto>('/api/questions/schedule', { method: 'POST', body }),
  );

export const useEditQuestion = () =>
  useQuestionMutation(
    ({ id, ...body }: Partial<QuestionText & { scheduledFor: string }> & { id: number }) =>
      adminApi<QuestionSetDto>(`/api/questions/${id}`, { method: 'PUT', body }),
  );

export const useDeleteQuestion = () =>
  useQuestionMutation((id: number) =>
    adminApi<QuestionSetDto>(`/api/questions/${id}`, { method: 'DELETE' }),
  );
