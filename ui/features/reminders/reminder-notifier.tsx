import { useEffect, useEffectEvent, useRef } from 'react';
import { useToast } from '../../components/ui/toast';
import { readLocal, REGISTERED_KEY } from '../../lib/device-identity';
import { streakAtRisk, useReminderSettings } from './api/reminder-settings';
import { dueReminders, type DueReminder } from './due-reminders';

/** Often enough to ring within the minute, even in a background tab that browsers slow down. */
const CHECK_EVERY_MS = 15_000;

const notifyBrowser = (reminder: DueReminder) => {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  new Notification(reminder.title, { body: reminder.body, tag: reminder.key });
};

/**
 * Delivery without a push service: while Boon is open, a reminder rings at its time as a toast
 * (and a browser notification where the person allowed them). Streak Protection rings only
 * while a streak is under way and today's question is unanswered.
 */
export const ReminderNotifier = () => {
  const registered = readLocal(REGISTERED_KEY) === 'true';
  const { data: settings } = useReminderSettings(registered);
  const { toast } = useToast();
  const rung = useRef(new Set<string>());

  const ring = useEffectEvent(async (reminder: DueReminder) => {
    if (reminder.onlyIfUnanswered && !(await streakAtRisk())) return;
    toast({ title: reminder.title, description: reminder.body, duration: 60_000 });
    notifyBrowser(reminder);
  });

  useEffect(() => {
    if (!settings) return;
    const check = () => {
      for (const reminder of dueReminders(settings, new Date())) {
        if (rung.current.has(reminder.key)) continue;
        rung.current.add(reminder.key);
        void ring(reminder).catch(() => undefined);
      }
    };
    // In a task of its own: the first look at the zone's clock loads the time zone data, which
    // on a slow phone would lengthen the task that renders the page.
    const first = window.setTimeout(check, 0);
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [settings]);

  return null;
};
