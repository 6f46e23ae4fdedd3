import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSubmissionDto,
  ReviewSubmissionBody,
  SubmissionStatusDto,
} from '../../../../domain/contracts/contributions';
import { pagedQuery, usePagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { adminApi, adminPage } from '../admin-api';

export type SubmissionFilter = SubmissionStatusDto | 'all';

/** Submissions newest first, all or of one status, a page at a time. */
export const adminSubmissionsQuery = (status: SubmissionFilter) =>
  pagedQuery(
    queryKeys.adminSubmissions(status),
    status === 'all' ? '/api/admin/submissions' : `/api/admin/submissions?status=${status}`,
    adminPage<AdminSubmissionDto>,
  );

export const useAdminSubmissions = (status: SubmissionFilter) =>
  usePagedList(adminSubmissionsQuery(status));

const path = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}`;

const useSubmissionMutation = <V>(send: (vars: V) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.adminSubmissionLists }),
  });
};

/** Status, notes and edited content: only what changed is sent. */
export const useReviewSubmission = () =>
  useSubmissionMutation(({ id, body }: { id: string; body: ReviewSubmissionBody }) =>
    adminApi(path(id), { method: 'PUT', body }),
  );

export const useDeleteSubmission = () =>
  useSubmissionMutation((id: string) => adminApi(path(id), { method: 'DELETE' }));

const useQuestionFromSubmission = <V>(send: (vars: V) => Promise<{ questionId: number }>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.adminSubmissionLists });
      await client.invalidateQueries({ queryKey: queryKeys.adminQuestions });
    },
  });
};

/** Only approved submissions: a draft question. */
export const useConvertSubmission = () =>
  useQuestionFromSubmission((id: string) =>
    adminApi<{ questionId: number }>(`${path(id)}/convert`, { method: 'POST' }),
  );

/** Only approved submissions: the question of a day from tomorrow on. */
export const useScheduleSubmission = () =>
  useQuestionFromSubmission(({ id, scheduledDate }: { id: string; scheduledDate: string }) =>
    adminApi<{ questionId: number }>(`${path(id)}/schedule`, {
      method: 'POST',
      body: { scheduledDate },
    }),
  );
