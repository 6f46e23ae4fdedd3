import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnResponseDto } from '../../../../domain/contracts/archive';
import type { CommandResult } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const deleteResponse = (responseId: string) =>
  api<CommandResult>(`/api/responses/${encodeURIComponent(responseId)}`, { method: 'DELETE' });

/** Deletes one of the caller's answers: it leaves the list at once, back on failure. */
export const useDeleteMyResponse = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteResponse,
    onMutate: async (responseId) => {
      await client.cancelQueries({ queryKey: queryKeys.myResponses });
      const before = client.getQueryData<OwnResponseDto[]>(queryKeys.myResponses);
      client.setQueryData<OwnResponseDto[]>(queryKeys.myResponses, (list) =>
        list?.filter((response) => response.id !== responseId),
      );
      return { before };
    },
    onError: (_error, _id, context) => {
      client.setQueryData(queryKeys.myResponses, context?.before);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.myResponses });
      void client.invalidateQueries({ queryKey: queryKeys.hasResponded });
      void client.invalidateQueries({ queryKey: queryKeys.archiveQuestions });
    },
  });
};
