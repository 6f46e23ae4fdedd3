import type { NotificationDto } from '../../../../domain/contracts/notifications';
import { apiPage } from '../../../lib/api-client';
import { pagedQuery, usePagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's inbox, newest first, a page at a time; a notice on `me:notifications` refreshes it. */
export const notificationsQuery = pagedQuery(
  queryKeys.notificationList,
  '/api/user/notifications',
  apiPage<NotificationDto>,
);

export const useNotifications = () => usePagedList(notificationsQuery);
