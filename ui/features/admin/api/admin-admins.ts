import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddAdminBody, AdminDto } from '../../../../domain/contracts/admins';
import { queryKeys } from '../../../lib/query-keys';
import { adminApi } from '../admin-api';

export const adminsQuery = queryOptions({
  queryKey: queryKeys.admins,
  queryFn: () => adminApi<AdminDto[]>('/api/admin/admins'),
});

export const useAdmins = () => useQuery(adminsQuery);

const useAdminsMutation = <V>(send: (vars: V) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admins }),
  });
};

export const useAddAdmin = () =>
  useAdminsMutation((body: AddAdminBody) =>
    adminApi('/api/admin/admins', { method: 'POST', body }),
  );

export const useRemoveAdmin = () =>
  useAdminsMutation((username: string) =>
    adminApi(`/api/admin/admins/${encodeURIComponent(username)}`, { method: 'DELETE' }),
  );
