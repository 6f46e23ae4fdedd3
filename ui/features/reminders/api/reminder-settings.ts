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

/**
 * Whether there is a streak to protect: one under way and today's question not answered yet.
 * Asked afresh when Streak Protection is due (a newcomer, with no streak, is not told to keep
 * one going).
 */
export const streakAtRisk = async () => {
  const streak = await api<StreakDto>('/api/user/streak');
  return streak.currentStreak > 0 && !streak.answeredToday;
};
