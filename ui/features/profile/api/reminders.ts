import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReminderSaveResult,
  ReminderSettings,
  ReminderSettingsDto,
} from '../../../../domain/contracts/reminders';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const remindersQuery = queryOptions({
  queryKey: queryKeys.reminders,
  queryFn: () => api<ReminderSettingsDto>('/api/user/reminders'),
});

export const useReminders = () => useQuery(remindersQuery);

/** The browser's own zone: reminders ring at the wall-clock time where the person is. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const save = ({
  enabled,
  dailyQuestion,
  streakProtection,
  journalReflection,
  custom,
}: ReminderSettings) =>
  api<ReminderSaveResult>('/api/user/reminders', {
    method: 'PUT',
    body: {
      enabled,
      timeZone: browserTimeZone(),
      dailyQuestion,
      streakProtection,
      journalReflection,
      custom,
    },
  });

/** Saves the whole of the person's reminders; the saved settings replace the cached ones. */
export const useSaveReminders = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: ({ position: _position, ...saved }) => {
      client.setQueryData(queryKeys.reminders, saved);
    },
  });
};
