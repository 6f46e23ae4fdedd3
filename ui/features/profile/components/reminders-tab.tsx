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
import { failureText } from '../../../lib/api-client';
import { DeleteIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/load-failed';
import { PushOffer } from '../../../components/push-offer';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { browserTimeZone, useReminders, useSaveReminders } from '../api/reminders';
import { CalendarFeed } from './calendar-feed';
import { ReminderDialog, type ReminderDraft } from './reminder-dialog';
import { ReminderRow } from './reminder-row';

/** What the dialog shows of a reminder: a problem with anything else is the whole save's. */
const DIALOG_FIELDS = ['title', 'time', 'frequency', 'weekday'];

type Editing = { kind: 'built-in'; key: BuiltInReminder } | { kind: 'custom'; index: number };

const NEW_CUSTOM: ReminderDraft = {
  title: '',
  enabled: true,
  time: '09:00',
  frequency: 'daily',
  weekday: null,
};

const anyOn = (settings: ReminderSettings) =>
  settings.enabled &&
  [...BUILT_IN_REMINDERS.map((key) => settings[key]), ...settings.custom].some((r) => r.enabled);

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
  // Pushes are offered once the person has just turned a reminder on, never before.
  const [offerPush, setOfferPush] = useState(false);
  const masterId = useId();

  const settings = reminders.data;
  if (!settings) {
    return reminders.isError ? (
      <LoadFailed what="Your reminders" query={reminders} />
    ) : (
      <SkeletonCard lines={4} />
    );
  }

  const notSaved = (error: unknown) =>
    toast({
      title: 'Reminders not saved',
      description: failureText(error),
      variant: 'destructive',
    });
  const saved = (next: ReminderSettings) => {
    toast({ title: 'Reminders saved' });
    if (anyOn(next)) setOfferPush(true);
  };
  const save = (next: ReminderSettings) =>
    saveMutation.mutate(next, { onSuccess: () => saved(next), onError: notSaved });

  const close = () => setEditing(null);
  /** Where the reminder being edited sits in the settings the server checks ("custom.2."). */
  const editedAt =
    editing === 'new'
      ? `custom.${settings.custom.length}.`
      : editing?.kind === 'built-in'
        ? `${editing.key}.`
        : `custom.${editing?.index}.`;
  const saveDraft = async ({ title, ...reminder }: ReminderDraft) => {
    const next =
      editing === 'new'
        ? {
            ...settings,
            custom: [...settings.custom, { ...reminder, title, id: crypto.randomUUID() }],
          }
        : editing?.kind === 'built-in'
          ? { ...settings, [editing.key]: reminder }
          : {
              ...settings,
              custom: settings.custom.map((c, i) =>
                i === editing?.index ? { ...c, ...reminder, title } : c,
              ),
            };
    await saveMutation.mutateAsync(next);
    saved(next);
    close();
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
        <PushOffer reason="reminders" offer={offerPush} />
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
          onSave={saveDraft}
          onFailure={notSaved}
          fieldOf={(field) => {
            const own = field.startsWith(editedAt) ? field.slice(editedAt.length) : null;
            return own && DIALOG_FIELDS.includes(own) ? own : null;
          }}
          onClose={close}
        />
      )}
    </div>
  );
};
