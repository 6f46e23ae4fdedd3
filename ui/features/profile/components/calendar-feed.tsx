import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import {
  downloadRemindersFile,
  useNewCalendarLink,
  useRevokeCalendarLink,
} from '../api/reminders-calendar';

const failed = (error: unknown) =>
  error instanceof ApiError ? error.detail : 'Boon could not be reached. Try again.';

/**
 * The private calendar feed: a secret link any calendar app can subscribe to (shown once, as
 * Boon keeps only a fingerprint of it), a new link that ends the old one, and a one-off file.
 */
export const CalendarFeed = ({ active }: { active: boolean }) => {
  const { toast } = useToast();
  const [link, setLink] = useState<string | null>(null);
  const create = useNewCalendarLink();
  const revoke = useRevokeCalendarLink();
  const onError = (error: unknown) =>
    toast({ title: 'Something went wrong', description: failed(error), variant: 'destructive' });

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: ({ path }) => {
        setLink(`${window.location.origin}${path}`);
        toast({ title: 'Calendar link ready', description: 'Copy it into your calendar app.' });
      },
      onError,
    });
  const endLink = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setLink(null);
        toast({ title: 'Calendar link ended', description: 'Calendars no longer receive it.' });
      },
      onError,
    });
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied' });
    } catch {
      toast({ title: 'Copy did not work', description: 'Select the link and copy it yourself.' });
    }
  };
  const download = () => {
    downloadRemindersFile().then(
      () => toast({ title: 'Reminders downloaded', description: 'Open the file to add them.' }),
      onError,
    );
  };

  return (
    <Card className="space-y-3">
      <h3 className="font-semibold">Add reminders to your calendar</h3>
      <p className="text-small text-ink-muted">
        Subscribe in your calendar app with a private link, and your reminders follow every change
        you save here. Anyone with the link sees your reminder times, nothing else about you.
      </p>
      {link && (
        <>
          <TextField
            label="Your private calendar link"
            value={link}
            readOnly
            onValueChange={() => undefined}
            onFocus={(event) => event.currentTarget.select()}
            hint="Copy it now: Boon keeps only a fingerprint of it and cannot show it again."
          />
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            Copy link
          </Button>
        </>
      )}
      {!link && active && (
        <p className="text-small">
          A calendar link is live. Make a new one to see a link again; the old one then ends.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={makeLink} disabled={create.isPending}>
          {active || link ? 'Make a new link' : 'Make a calendar link'}
        </Button>
        {(active || link) && (
          <Button variant="ghost-danger" size="sm" onClick={endLink} disabled={revoke.isPending}>
            End the link
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={download}>
          Download .ics file
        </Button>
      </div>
    </Card>
  );
};
