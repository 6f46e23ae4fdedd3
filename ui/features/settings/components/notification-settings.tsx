import { useId } from 'react';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '../../../../domain/contracts/notifications';
import { PushOffer } from '../../../components/push-offer';
import { Card } from '../../../components/ui/card';
import { RadioCards } from '../../../components/ui/radio-group';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

const LOCK_SCREEN_OPTIONS = [
  {
    value: 'private',
    label: 'Only that something came',
    description: '“New reply on Boon”: no names, no words.',
  },
  {
    value: 'full',
    label: 'The whole notification',
    description: 'Who replied, and the first words of their reply.',
  },
] as const;

/**
 * Which kinds reach the inbox (a muted kind stays out of it and is never pushed), what a lock
 * screen may show, and this device's pushes (asked for here, by a press, never on a visit).
 */
export const NotificationSettingsCard = ({ registered }: { registered: boolean }) => {
  const settings = useNotificationSettings(registered);
  const save = useSaveNotificationSettings();
  const { toast } = useToast();
  const headingId = useId();
  const lockId = useId();
  if (!registered) return null;
  const current = settings.data;

  const change = (next: NotificationSettings) =>
    save.mutate(next, {
      onSuccess: () => toast({ title: 'Settings Updated' }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to update settings. Please try again.',
          variant: 'destructive',
        }),
    });
  const toggle = (kind: NotificationKind, on: boolean) => {
    if (!current) return;
    const muted = on ? current.muted.filter((k) => k !== kind) : [...current.muted, kind];
    change({ muted, lockScreen: current.lockScreen });
  };

  return (
    <Card as="section" aria-labelledby={headingId} id="notifications" className="scroll-mt-20">
      <h2 id={headingId} className="font-semibold">
        Notifications
      </h2>
      <p className="mt-1 text-small text-ink-muted">
        What reaches your inbox (the bell at the top), on every device you use Boon on.
      </p>
      <ul className="mt-3 divide-y divide-line" aria-label="Kinds of notification">
        {NOTIFICATION_KINDS.map((kind) => {
          const id = `${headingId}-${kind}`;
          return (
            <li key={kind} className="flex items-center justify-between gap-4 py-3">
              <span id={id}>{NOTIFICATION_KIND_LABELS[kind]}</span>
              <Switch
                aria-labelledby={id}
                checked={current ? !current.muted.includes(kind) : true}
                disabled={!current || save.isPending}
                onCheckedChange={(on) => toggle(kind, on)}
              />
            </li>
          );
        })}
      </ul>
      <h3 id={lockId} className="mt-4 mb-2 text-small font-semibold">
        On a lock screen, show
      </h3>
      <RadioCards
        aria-labelledby={lockId}
        options={LOCK_SCREEN_OPTIONS}
        value={current?.lockScreen ?? null}
        disabled={!current || save.isPending}
        onValueChange={(lockScreen) =>
          current && change({ muted: current.muted, lockScreen: lockScreen as 'full' | 'private' })
        }
      />
      <div className="mt-4">
        {/* Here the person came to ask for notifications: the offer stands. */}
        <PushOffer reason="replies" offer />
      </div>
    </Card>
  );
};
