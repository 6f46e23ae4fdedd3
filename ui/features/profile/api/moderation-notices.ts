import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationNoticeDto } from '../../../../domain/contracts/reports';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the caller is told of their own items others no longer see, newest first. */
export const moderationNoticesQuery = queryOptions({
  queryKey: queryKeys.moderationNotices,
  queryFn: () => api<ModerationNoticeDto[]>('/api/moderation/notices'),
});

export const useModerationNotices = () => useQuery(moderationNoticesQuery);
