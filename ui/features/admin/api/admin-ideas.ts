import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminIdeaDto, EditIdeaBody } from '../../../../domain/contracts/contributions';
import { queryKeys } from '../../../lib/query-keys';
import { adminApi } from '../admin-api';

type Done = { position: string | null };

export const adminIdeasQuery = () =>
  queryOptions({
    queryKey: queryKeys.adminIdeas,
    queryFn: () => adminApi<AdminIdeaDto[]>('/api/admin/brainstorm'),
  });

export const useAdminIdeas = () => useQuery(adminIdeasQuery());

const path = (id: string) => `/api/brainstorm/${encodeURIComponent(id)}`;

/** Every change to an idea refreshes the board. */
const useIdeaMutation = <V>(send: (vars: V) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.adminIdeas }),
  });
};

/** Approve, reject (with an optional reason) or edit. */
export const useEditIdea = () =>
  useIdeaMutation(({ id, body }: { id: string; body: EditIdeaBody }) =>
    adminApi<Done>(path(id), { method: 'PATCH', body }),
  );

export const useVoteOnIdea = () =>
  useIdeaMutation(({ id, voteType }: { id: string; voteType: 'up' | 'down' }) =>
    adminApi<Done>(`${path(id)}/vote`, { method: 'POST', body: { voteType } }),
  );

export const usePromoteIdea = () =>
  useIdeaMutation((id: string) => adminApi<Done>(`${path(id)}/promote`, { method: 'POST' }));

export const useDeleteIdea = () =>
  useIdeaMutation((id: string) => adminApi<Done>(path(id), { method: 'DELETE' }));

/** 'Use as Today's Question' / 'Use Today': the idea becomes today's question. */
export const useUseIdeaToday = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminApi<{ questionId: number }>(`${path(id)}/use-today`, { method: 'POST' }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.adminIdeas });
      await client.invalidateQueries({ queryKey: queryKeys.adminQuestions });
      await client.invalidateQueries({ queryKey: queryKeys.todayQuestion });
    },
  });
};
