import { useState } from 'react';
import {
  ARCHETYPE_DESCRIPTION_CUT,
  cut,
  REVIEW_ARCHETYPES_SHOWN,
  type PendingDilemmaDto,
} from '../../../../domain/contracts/mini-admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RelativeTime } from '../../../components/ui/relative-time';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useActivateDilemma, useDeleteDilemma, useScheduleDilemma } from '../api/mini-admin';

const detailOf = (error: unknown) => (error instanceof ApiError ? error.detail : String(error));

/** One dilemma awaiting review: activate it now, schedule it, or delete it. */
export const PendingDilemmaCard = ({
  dilemma,
  today,
  tomorrow,
}: {
  dilemma: PendingDilemmaDto;
  today: string;
  tomorrow: string;
}) => {
  const { toast } = useToast();
  const activate = useActivateDilemma();
  const schedule = useScheduleDilemma();
  const remove = useDeleteDilemma();
  const [date, setDate] = useState(dilemma.scheduledDate ?? tomorrow);
  const [dateError, setDateError] = useState<string | null>(null);
  /** Today's dilemma was already walked: the refusal, with the offer of tomorrow. */
  const [offer, setOffer] = useState<string | null>(null);
  const ready = dilemma.problems.length === 0;
  const failed = (what: string) => (error: unknown) =>
    toast({ title: `Failed to ${what}`, description: detailOf(error), variant: 'destructive' });

  const scheduleFor = (scheduledDate: string) => {
    if (!scheduledDate) return setDateError('Please select a date');
    if (scheduledDate < today) return setDateError('Please select today or a later date.');
    setDateError(null);
    schedule.mutate(
      { id: dilemma.id, scheduledDate },
      {
        onSuccess: () => {
          setOffer(null);
          toast({
            title:
              scheduledDate === today
                ? 'Dilemma activated as today’s Mini'
                : `Dilemma scheduled for ${scheduledDate}`,
          });
        },
        // Today's date makes it today's dilemma: refused like Activate Now once it was walked.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setOffer(error.detail);
          else failed('schedule dilemma')(error);
        },
      },
    );
  };

  const activateNow = () =>
    activate.mutate(dilemma.id, {
      onSuccess: () => toast({ title: 'Dilemma activated as today’s Mini' }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setOffer(error.detail);
        else failed('activate dilemma')(error);
      },
    });

  const [prompt = '', options] = dilemma.content
    .replace(/^Initial Prompt:\s*/, '')
    .split('\nInitial Options:');
  return (
    <Card as="li" padding="md" className="flex flex-col gap-3" aria-label="Pending dilemma">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="caution">pending</Badge>
        <Badge>{dilemma.source}</Badge>
        {dilemma.scheduledDate && <Badge tone="accent">scheduled {dilemma.scheduledDate}</Badge>}
        <span className="text-small text-ink-muted">
          {dilemma.createdBy ? `by ${dilemma.createdBy} · ` : ''}
          <RelativeTime iso={dilemma.dateAdded} /> · {dilemma.choices.length} choices
        </span>
      </div>
      <p className="break-words whitespace-pre-line">{prompt}</p>
      {options && (
        <p className="text-small break-words text-ink-muted">Options: {options.trim()}</p>
      )}
      {dilemma.archetypes.length > 0 && (
        <ul aria-label="Archetypes" className="grid gap-2 sm:grid-cols-2">
          {dilemma.archetypes.slice(0, REVIEW_ARCHETYPES_SHOWN).map((a) => (
            <li key={a.id} className="rounded-md bg-surface-sunken p-2 text-small">
              <span className="font-semibold">{a.name}</span>
              <span className="block text-ink-muted">
                {cut(a.description, ARCHETYPE_DESCRIPTION_CUT)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!ready && (
        <Callout tone="caution" title="Not ready to walk yet">
          <ul className="list-disc pl-5">
            {dilemma.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <p className="mt-1">
            A dilemma can be activated or scheduled once it has no dead ends, no choice deeper than
            5, and every path ends at an archetype.
          </p>
        </Callout>
      )}
      {offer && (
        <Callout tone="caution" role="alert" title="Today’s dilemma was already walked">
          <p>{offer}</p>
          <Button size="sm" className="mt-2" onClick={() => scheduleFor(tomorrow)}>
            Schedule for tomorrow
          </Button>
        </Callout>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <ConfirmDialog
          trigger={
            <Button size="sm" disabled={!ready || activate.isPending}>
              Activate Now
            </Button>
          }
          title="Make this today’s dilemma?"
          description="It replaces today’s Mini dilemma, unless someone has already completed it."
          confirmLabel="Activate"
          onConfirm={activateNow}
        />
        <div className="w-44">
          <TextField
            label="Schedule for"
            type="date"
            min={today}
            value={date}
            onValueChange={setDate}
            error={dateError}
          />
        </div>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="secondary" disabled={!ready || schedule.isPending}>
              Schedule
            </Button>
          }
          title={`Schedule this dilemma for ${date || 'a date'}?`}
          description="On that day it becomes the Mini dilemma everyone walks."
          confirmLabel="Schedule"
          onConfirm={() => scheduleFor(date)}
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost" disabled={remove.isPending}>
              Delete
            </Button>
          }
          title="Delete this dilemma?"
          description="It leaves the review list for good."
          confirmLabel="Delete"
          onConfirm={() =>
            remove.mutate(dilemma.id, {
              onSuccess: () => toast({ title: 'Dilemma deleted' }),
              onError: failed('delete dilemma'),
            })
          }
        />
      </div>
    </Card>
  );
};
