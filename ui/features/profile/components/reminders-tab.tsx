import { useId, useState } from 'react';
import {
  BUILT_IN_REMINDERS,
  BUILT_IN_TITLES,
  CUSTOM_REMINDERS_MAX,
  type BuiltInReminder,
  type ReminderSettings,
} from '../../../../domain/contracts/reminders';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DeleteIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/load-failed';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { browserTimeZone, useReminders, useSaveReminders } from '../api/reminders';
import { CalendarFeed } from './calendar-feed';
import { ReminderDialog, type ReminderDraft } from './reminder-dialog';
import { ReminderRow } from './reminder-row';

type Editing = { kind: 'built-in'; key: BuiltInReminder } | { kind: 'custom'; index: number };

const NEW_CUSTOM: ReminderDraft = {
  title: '',
  enabled: true,
  time: '09:00',
  frequency: 'daily',
  weekday: null,
};

/** Asks the browser for permission to show reminders as notifications while Boon is open. */
const NotificationPermission = () => {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied');
  if (!supported) return null;
  if (permission === 'granted') {
    return <p className="text-small text-ink-muted">Browser notifications are on for Boon.</p>;
  }
  if (permission === 'denied') {
    return (
      <p className="text-small text-ink-muted">
        Browser notifications are blocked; reminders still show inside Boon while it is open.
      </p>
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      Allow browser notifications
    </Button>
  );
};

/** The Reminders tab: the spec's rows, custom reminders, and where they reach the person. */
export const RemindersTab = () => {
  const reminders = useReminders();
  const saveMutation = useSaveReminders();
  const { toast } = useToast();
  const [editing, setEditing] = useState<Editing | 'new' | null>(null);
  const masterId = useId();

  const settings = reminders.data;
  if (!settings) {
    return reminders.isError ? (
      <LoadFailed what="Your reminders" query={reminders} />
    ) : (
      <SkeletonCard lines={4} />
    );
  }

  const save = (next: ReminderSettings, onDone?: () => void) =>
    saveMutation.mutate(next, {
      onSuccess: () => {
        toast({ title: 'Reminders saved' });
        onDone?.();
      },
      onError: (error) =>
        toast({
          title: 'Reminders not saved',
          description: error instanceof ApiError ? error.detail : 'Boon could not be reached.',
          variant: 'destructive',
        }),
    });

  const close = () => setEditing(null);
  const saveDraft = ({ title, ...reminder }: ReminderDraft) => {
    if (editing === 'new') {
      return save(
        {
          ...settings,
          custom: [...settings.custom, { ...reminder, title, id: crypto.randomUUID() }],
        },
        close,
      );
    }
    if (editing?.kind === 'built-in') return save({ ...settings, [editing.key]: reminder }, close);
    if (editing?.kind === 'custom') {
      const custom = settings.custom.map((c, i) =>
        i === editing.index ? { ...c, ...reminder, title } : c,
      );
      return save({ ...settings, custom }, close);
    }
  };
  const busy = saveMutation.isPending;

  return (
    <div className="space-y-4">
      <Card className="space-y-2">
        <div className="flex items-center gap-3">
          <Switch
            aria-labelledby={masterId}
            checked={settings.enabled}
            disabled={busy}
            onCheckedChange={(enabled) => save({ ...settings, enabled })}
          />
          <h3 id={masterId} className="flex-1 font-semibold">
            Reminders
          </h3>
        </div>
        <p className="text-small text-ink-muted">
          Times are in your time zone ({browserTimeZone()}). Reminders show while Boon is open, and
          in your calendar when you subscribe below.
        </p>
        {settings.enabled && (
          <>
            <ul className="divide-y divide-line" aria-label="Your reminders">
              {BUILT_IN_REMINDERS.map((key) => (
                <ReminderRow
                  key={key}
                  title={BUILT_IN_TITLES[key]}
                  reminder={settings[key]}
                  disabled={busy}
                  onToggle={(enabled) =>
                    save({ ...settings, [key]: { ...settings[key], enabled } })
                  }
                  onEdit={() => setEditing({ kind: 'built-in', key })}
                />
              ))}
              {settings.custom.map((custom, index) => (
                <ReminderRow
                  key={custom.id}
                  title={custom.title}
                  reminder={custom}
                  disabled={busy}
                  onToggle={(enabled) =>
                    save({
                      ...settings,
                      custom: settings.custom.map((c, i) => (i === index ? { ...c, enabled } : c)),
                    })
                  }
                  onEdit={() => setEditing({ kind: 'custom', index })}
                  extra={
                    <Button
                      variant="ghost-danger"
                      size="sm"
                      disabled={busy}
                      aria-label={`Remove ${custom.title}`}
                      onClick={() =>
                        save({ ...settings, custom: settings.custom.filter((_, i) => i !== index) })
                      }
                    >
                      <DeleteIcon aria-hidden="true" />
                    </Button>
                  }
                />
              ))}
            </ul>
            {settings.custom.length < CUSTOM_REMINDERS_MAX && (
              <Button variant="secondary" size="sm" onClick={() => setEditing('new')}>
                Add a custom reminder
              </Button>
            )}
          </>
        )}
        <NotificationPermission />
      </Card>
      <CalendarFeed active={settings.calendarFeed.active} />
      {editing && (
        <ReminderDialog
          heading={
            editing === 'new' || editing.kind === 'custom'
              ? 'Custom Reminder'
              : `${BUILT_IN_TITLES[editing.key]} Reminder`
          }
          initial={
            editing === 'new'
              ? NEW_CUSTOM
              : editing.kind === 'built-in'
                ? { ...settings[editing.key], title: BUILT_IN_TITLES[editing.key] }
                : settings.custom[editing.index]!
          }
          withTitle={editing === 'new' || editing.kind === 'custom'}
          saving={busy}
          onSave={saveDraft}
          onClose={close}
        />
      )}
    </div>
  );
};
