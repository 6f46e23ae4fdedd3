import { useEffect, useState } from 'react';
import { failureText } from '../lib/api-client';
import {
  pushState,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushState,
} from '../lib/push-device';
import { Button } from './ui/button';
import { useToast } from './ui/toast';

const WHAT = {
  reminders: 'your reminders',
  replies: 'replies and other notifications',
} as const;

/**
 * Pushes to this device while Boon is closed. The button that asks the browser shows only
 * when `offer` says the person just asked for something worth a push (turned a reminder on,
 * or asked for reply notifications): never on a first visit. Once on, it says so and offers
 * to stop.
 */
export const PushOffer = ({ reason, offer }: { reason: keyof typeof WHAT; offer: boolean }) => {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  useEffect(() => {
    let live = true;
    void pushState().then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, []);

  const change = async (to: () => Promise<PushState>) => {
    setBusy(true);
    try {
      setState(await to());
    } catch (error) {
      toast({
        title: 'This device could not be set up',
        description: failureText(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  if (state === null || state === 'unsupported') return null;
  if (state === 'on') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-small text-ink-muted">
          This device gets notifications while Boon is closed.
        </p>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => void change(unsubscribeThisDevice)}
        >
          Stop on this device
        </Button>
      </div>
    );
  }
  if (state === 'denied') {
    return offer ? (
      <p className="text-small text-ink-muted">
        Notifications are blocked for Boon in this browser’s settings.
      </p>
    ) : null;
  }
  return offer ? (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      onClick={() => void change(subscribeThisDevice)}
    >
      Also get {WHAT[reason]} when Boon is closed
    </Button>
  ) : null;
};
