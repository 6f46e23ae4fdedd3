import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddIdeaBody,
  AdminIdeaDto,
  BoardStatus,
  BrainstormCountsDto,
  ContributionCreatedDto,
  EditIdeaBody,
} from '../../../../domain/contracts/contributions';
import { pagedQuery, usePagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { adminApi, adminPage } from '../admin-api';

type Done = { position: string | null };

/** The whole board (pending, then approved) or one of its lists. */
export type IdeaFilter = 'all' | BoardStatus;

/** The board a page at a time, newest first within each status. */
export const adminIdeasQuery = (filter: IdeaFilter) =>
  pagedQuery(
    queryKeys.adminIdeaList(filter),
    filter === 'all' ? '/api/admin/brainstorm' : `/api/admin/brainstorm?status=${filter}`,
    adminPage<AdminIdeaDto>,
  );

export const useAdminIdeas = (filter: IdeaFilter) => usePagedList(adminIdeasQuery(filter));

/** How many ideas each list holds (however few of them are loaded). */
export const adminIdeaCountsQuery = () =>
  queryOptions({
    queryKey: queryKeys.adminIdeaCounts,
    queryFn: () => adminApi<BrainstormCountsDto>('/api/admin/brainstorm/counts'),
  });

export const useAdminIdeaCounts = () => useQuery(adminIdeaCountsQuery());

const path = (id: string) => `/api/brainstorm/${encodeURIComponent(id)}`;

/** Every change to an idea refreshes the board. */
const useIdeaMutation = <V>(send: (vars: V) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.adminIdeas }),
  });
};

/** An admin's own idea on the board (it starts pending, like everyone's). */
export const useAddIdea = () =>
  useIdeaMutation((body: AddIdeaBody) =>
    adminApi<ContributionCreatedDto>('/api/admin/brainstorm', { method: 'POST', body }),
  );

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
