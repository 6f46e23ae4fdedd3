import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateChoiceBody,
  DiverseTemplateDto,
  MiniAdminContextDto,
  MiniAdminWriteDto,
  PendingDilemmaDto,
} from '../../../../domain/contracts/mini-admin';
import { queryKeys } from '../../../lib/query-keys';
import { adminApi } from '../admin-api';

/** The product days (for the schedule's earliest date) and the archetypes to link. */
export const miniAdminContextQuery = () =>
  queryOptions({
    queryKey: queryKeys.adminMini,
    queryFn: () => adminApi<MiniAdminContextDto>('/api/admin/mini'),
  });
export const useMiniAdminContext = () => useQuery(miniAdminContextQuery());

export const pendingDilemmasQuery = () =>
  queryOptions({
    queryKey: queryKeys.adminMiniPending,
    queryFn: () => adminApi<PendingDilemmaDto[]>('/api/admin/dilemmas/pending'),
  });
export const usePendingDilemmas = () => useQuery(pendingDilemmasQuery());

/** Every change to a dilemma refreshes the review list. */
const useMiniMutation = <V, R = MiniAdminWriteDto>(send: (vars: V) => Promise<R>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.adminMiniPending }),
  });
};

const dilemmaPath = (id: string) => `/api/admin/dilemmas/${encodeURIComponent(id)}`;

export const useCreateDilemma = () =>
  useMiniMutation((content: string) =>
    adminApi<MiniAdminWriteDto>('/api/mini/dilemma', {
      method: 'POST',
      body: { content, isActive: false },
    }),
  );

export const useCreateChoice = () =>
  useMiniMutation((body: CreateChoiceBody) =>
    adminApi<MiniAdminWriteDto>('/api/mini/choice', { method: 'POST', body }),
  );

export const useAssociateArchetype = () =>
  useMiniMutation(({ choiceId, archetypeId }: { choiceId: string; archetypeId: string }) =>
    adminApi<MiniAdminWriteDto>(
      `/api/mini/choice/${encodeURIComponent(choiceId)}/archetype/${encodeURIComponent(archetypeId)}`,
      { method: 'POST' },
    ),
  );

export const useActivateDilemma = () =>
  useMiniMutation((id: string) =>
    adminApi<MiniAdminWriteDto>(`${dilemmaPath(id)}/activate`, { method: 'POST', body: {} }),
  );

export const useScheduleDilemma = () =>
  useMiniMutation(({ id, scheduledDate }: { id: string; scheduledDate: string }) =>
    adminApi<MiniAdminWriteDto>(`${dilemmaPath(id)}/schedule`, {
      method: 'POST',
      body: { scheduledDate },
    }),
  );

export const useDeleteDilemma = () =>
  useMiniMutation((id: string) =>
    adminApi<MiniAdminWriteDto>(dilemmaPath(id), { method: 'DELETE' }),
  );

export const useGenerateRandomDilemma = () =>
  useMiniMutation(() =>
    adminApi<MiniAdminWriteDto>('/api/admin/mini/generate-random', { method: 'POST', body: {} }),
  );

/** A fresh template each time: a preview the admin may turn into a dilemma. */
export const useGenerateDiverseDilemma = () =>
  useMutation({
    mutationFn: () => adminApi<DiverseTemplateDto>('/api/admin/generate-diverse-dilemma'),
  });

export const useCreateDiverseDilemma = () =>
  useMiniMutation((template: DiverseTemplateDto) =>
    adminApi<MiniAdminWriteDto>('/api/admin/create-diverse-dilemma', {
      method: 'POST',
      body: { template },
    }),
  );
