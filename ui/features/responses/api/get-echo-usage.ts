import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EchoUsageDto } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getEchoUsage = () => api<EchoUsageDto>('/api/user/echo-usage');

export const echoUsageQuery = () =>
  queryOptions({ queryKey: queryKeys.echoUsage, queryFn: getEchoUsage });

export const useEchoUsage = () => useQuery(echoUsageQuery());
