import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '../../../../domain/contracts/profile';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's own profile (`me`: the device id stays out of the address). */
export const profileQuery = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: () => api<ProfileDto>('/api/user/profile/me'),
});

export const useProfile = () => useQuery(profileQuery);
