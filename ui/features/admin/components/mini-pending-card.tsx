import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { Form } from '../../../components/ui/form';
import { FormTextField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { ApiError, failureText } from '../../../lib/api-client';
import { useActivateDilemma, useDeleteDilemma, useScheduleDilemma } from '../api/mini-admin';

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
  const scheduling = useForm({
    defaultValues: { scheduledDate: dilemma.scheduledDate ?? tomorrow },
  });
  const date = useWatch({ control: scheduling.control, name: 'scheduledDate' });
  const scheduleForm = useRef<HTMLFormElement>(null);
  /** Today's dilemma was already walked: the refusal, with the offer of tomorrow. */
  const [offer, setOffer] = useState<string | null>(null);
  const ready = dilemma.problems.length === 0;
  const failed = (what: string) => (error: unknown) =>
    toast({ title: `Failed to ${what}`, description: failureText(error), variant: 'destructive' });
  /** Today's date makes it today's dilemma: refused like Activate Now once it was walked. */
  const refusedOr = (what: string) => (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) setOffer(error.detail);
    else failed(what)(error);
  };

  const scheduleFor = async (scheduledDate: string) => {
    await schedule.mutateAsync({ id: dilemma.id, scheduledDate });
    setOffer(null);
    toast({
      title:
        scheduledDate === today
          ? 'Dilemma activated as today’s Mini'
          : `Dilemma scheduled for ${scheduledDate}`,
    });
  };

  const activateNow = () =>
    activate.mutate(dilemma.id, {
      onSuccess: () => toast({ title: 'Dilemma activated as today’s Mini' }),
      onError: refusedOr('activate dilemma'),
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
          <Button
            size="sm"
            className="mt-2"
            onClick={() => void scheduleFor(tomorrow).catch(refusedOr('schedule dilemma'))}
          >
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
        <Form
          ref={scheduleForm}
          form={scheduling}
          onSubmit={({ scheduledDate }) => scheduleFor(scheduledDate)}
          onFailure={refusedOr('schedule dilemma')}
          className="w-44"
        >
          <FormTextField
            control={scheduling.control}
            name="scheduledDate"
            label="Schedule for"
            type="date"
            min={today}
            rules={{
              required: 'Please select a date',
              validate: (day: string) => day >= today || 'Please select today or a later date.',
            }}
          />
        </Form>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="secondary" disabled={!ready || schedule.isPending}>
              Schedule
            </Button>
          }
          title={`Schedule this dilemma for ${date || 'a date'}?`}
          description="On that day it becomes the Mini dilemma everyone walks."
          confirmLabel="Schedule"
          onConfirm={() => scheduleForm.current?.requestSubmit()}
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
