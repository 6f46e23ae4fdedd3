import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactDto } from '../../../../domain/contracts/site';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/site/contact: the operator's addresses (the server renders the legal pages with it). */
export const contactQuery = queryOptions({
  queryKey: queryKeys.contact,
  queryFn: () => api<ContactDto>('/api/site/contact'),
  staleTime: Infinity,
});

export const useContact = () => useQuery(contactQuery);
