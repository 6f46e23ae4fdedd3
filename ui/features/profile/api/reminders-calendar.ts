import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedLink } from '../../../../domain/contracts/reminders';
import { api, ApiError } from '../../../lib/api-client';
import { deviceId } from '../../../lib/device-identity';
import { queryKeys } from '../../../lib/query-keys';

const useFeedMutation = <T>(fn: () => Promise<T>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.reminders }),
  });
};

/** Makes a new private feed link, ending the previous one; the answer is the only time it shows. */
export const useNewCalendarLink = () =>
  useFeedMutation(() =>
    api<CalendarFeedLink>('/api/user/reminders/calendar-token', { method: 'POST' }),
  );

/** Ends the feed link: calendars subscribed to it stop receiving reminders. */
export const useRevokeCalendarLink = () =>
  useFeedMutation(() =>
    api<{ position: string | null }>('/api/user/reminders/calendar-token', { method: 'DELETE' }),
  );

/** Downloads the reminders once as an .ics file (the device id travels in a header, never a URL). */
export const downloadRemindersFile = async () => {
  const response = await fetch('/api/user/reminders.ics', {
    headers: { 'X-Device-ID': deviceId(), Accept: 'text/calendar' },
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'boon-reminders.ics';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};
