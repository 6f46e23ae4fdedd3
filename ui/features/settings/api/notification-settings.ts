import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettings,
  NotificationSettingsDto,
  NotificationSettingsSaveResult,
} from '../../../../domain/contracts/notifications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PATH = '/api/user/notification-settings';

export const notificationSettingsQuery = queryOptions({
  queryKey: queryKeys.notificationSettings,
  queryFn: () => api<NotificationSettingsDto>(PATH),
});

export const useNotificationSettings = (enabled: boolean) =>
  useQuery({ ...notificationSettingsQuery, enabled });

/** Saves at once (each switch is a choice of its own); the answer replaces what was shown. */
export const useSaveNotificationSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api<NotificationSettingsSaveResult>(PATH, { method: 'PUT', body: settings }),
    onSuccess: ({ position: _position, ...saved }) => {
      client.setQueryData(queryKeys.notificationSettings, saved);
      void client.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  });
};
