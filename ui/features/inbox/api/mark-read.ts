import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  MarkReadResult,
  NotificationDto,
  NotificationSummaryDto,
} from '../../../../domain/contracts/notifications';
import { api, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type Pages = InfiniteData<Page<NotificationDto>>;

/**
 * Marks notifications read (these, or all of them): shown read at once, the bell's count from
 * the server's answer, and the inbox asked again (other devices hear of it over the socket).
 */
export const useMarkRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | null) =>
      api<MarkReadResult>('/api/user/notifications/read', {
        method: 'POST',
        body: ids ? { ids } : {},
      }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: queryKeys.notificationList });
      const before = client.getQueryData<Pages>(queryKeys.notificationList);
      client.setQueryData<Pages>(queryKeys.notificationList, (pages) =>
        pages
          ? {
              ...pages,
              pages: pages.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  ids === null || ids.includes(item.id) ? { ...item, read: true } : item,
                ),
              })),
            }
          : pages,
      );
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(queryKeys.notificationList, context.before);
    },
    onSuccess: (result) => {
      client.setQueryData<NotificationSummaryDto>(queryKeys.notificationSummary, {
        unread: result.unread,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notificationList }),
  });
};
