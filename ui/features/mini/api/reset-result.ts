import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/mini/reset: clears today's result (an event: history keeps both). */
export const resetResult = () =>
  api<{ message: string; position: string | null }>('/api/mini/reset', {
    method: 'POST',
    body: {},
  });

export const useResetResult = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetResult,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.miniResults }),
  });
};
