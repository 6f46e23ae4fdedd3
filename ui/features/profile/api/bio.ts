import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BioDto, BioSaveResult } from '../../../../domain/contracts/bio';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const bioQuery = queryOptions({
  queryKey: queryKeys.bio,
  queryFn: () => api<BioDto>('/api/user/bio'),
});

export const useBio = () => useQuery(bioQuery);

/** Saves the bio (an empty one removes it); the saved text replaces the cached one. */
export const useSaveBio = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bio: string) =>
      api<BioSaveResult>('/api/user/bio', { method: 'PUT', body: { bio: bio.trim() || null } }),
    onSuccess: ({ bio }) => client.setQueryData(queryKeys.bio, { bio }),
  });
};
