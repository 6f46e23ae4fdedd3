import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StreakDto } from '../../../../domain/contracts/progress';
import type { ReminderSettingsDto } from '../../../../domain/contracts/reminders';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The person's reminders, under the same key the Reminders tab saves into. */
export const reminderSettingsQuery = queryOptions({
  queryKey: queryKeys.reminders,
  queryFn: () => api<ReminderSettingsDto>('/api/user/reminders'),
});

export const useReminderSettings = (enabled: boolean) =>
  useQuery({ ...reminderSettingsQuery, enabled });

/** Whether today's question is answered, asked afresh when Streak Protection is due. */
export const answeredToday = async () => (await api<StreakDto>('/api/user/streak')).answeredToday;
