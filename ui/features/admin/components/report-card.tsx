import { useId, useState } from 'react';
import {
  MODERATION_NOTE_MAX,
  MODERATION_REASON_LABELS,
  type ModerationAction,
  type QueueItemDto,
  type Visibility,
} from '../../../../domain/contracts/reports';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RelativeTime } from '../../../components/ui/relative-time';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { useResolveReport } from '../api/admin-reports';

const KINDS: Record<QueueItemDto['target']['kind'], string> = {
  response: 'Answer',
  reply: 'Reply',
  chat: 'Live chat message',
};

const STATES: Record<Visibility, { label: string; tone: BadgeTone }> = {
  visible: { label: 'Shown to everyone', tone: 'neutral' },
  held: { label: 'Held for review', tone: 'caution' },
  hidden: { label: 'Hidden', tone: 'danger' },
  removed: { label: 'Removed', tone: 'danger' },
};

const DONE: Record<ModerationAction, string> = {
  hide: 'Hidden',
  remove: 'Removed',
  dismiss: 'Reports dismissed',
  restore: 'Restored',
};

type QuickAction = Exclude<ModerationAction, 'remove'>;

/** The decisions an item's state allows besides Remove (the server checks them again). */
const actionsFor = (item: QueueItemDto): QuickAction[] => {
  switch (item.visibility) {
    case 'visible':
      return ['hide', 'dismiss'];
    case 'held':
      return ['hide', 'restore'];
    case 'hidden':
      return item.reportCount > 0 ? ['restore', 'dismiss'] : ['restore'];
    case 'removed':
      return [];
  }
};

const LABELS: Record<QuickAction, string> = {
  hide: 'Hide',
  dismiss: 'Dismiss reports',
  restore: 'Restore',
};

const score = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** One reported or held item: its words, where they were said, why, and the decisions. */
export const ReportCard = ({ item }: { item: QueueItemDto }) => {
  const { toast } = useToast();
  const resolve = useResolveReport();
  const [note, setNote] = useState('');
  const headingId = useId();
  const state = STATES[item.visibility];
  const decide = (action: ModerationAction) =>
    resolve.mutate(
      { id: item.id, action, note },
      {
        onSuccess: () => toast({ title: DONE[action] }),
        onError: (error) =>
          toast({ title: `Failed to ${action}: ${failureText(error)}`, variant: 'destructive' }),
      },
    );
  const noteTooLong = [...note].length > MODERATION_NOTE_MAX;
  const busy = resolve.isPending || noteTooLong;
  return (
    <Card as="li" padding="md" className="flex flex-col gap-3" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {KINDS[item.target.kind]} by {item.author}
        </h3>
        <Badge tone={state.tone}>{state.label}</Badge>
        {item.heldBy === 'analyzer' && <Badge tone="caution">Held by the analyzer</Badge>}
        <span className="text-small text-ink-muted">
          {item.reportCount === 1 ? '1 report' : `${item.reportCount} reports`} · first{' '}
          <RelativeTime iso={item.firstReportedAt} />
        </span>
      </div>
      {item.context.question && (
        <p className="text-small text-ink-muted">
          On “<span className="text-ink">{item.context.question.content}</span>”
        </p>
      )}
      {item.context.inReplyTo && (
        <blockquote className="border-l-2 border-line-strong pl-3 text-small text-ink-muted">
          In reply to {item.context.inReplyTo.author}: {item.context.inReplyTo.content}
        </blockquote>
      )}
      <blockquote className="rounded-md bg-surface-sunken p-3 break-words whitespace-pre-wrap">
        {item.content ?? <span className="text-ink-muted">(its author erased their words)</span>}
      </blockquote>
      {item.reasons.length > 0 && (
        <ul aria-label="Reasons" className="flex flex-wrap gap-2">
          {item.reasons.map(({ reason, count }) => (
            <li key={reason}>
              <Badge tone="accent">
                {MODERATION_REASON_LABELS[reason]} × {count}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {item.notes.length > 0 && (
        <ul aria-label="What reporters wrote" className="flex flex-col gap-1 text-small">
          {item.notes.map((text, i) => (
            <li key={i} className="break-words">
              “{text}”
            </li>
          ))}
        </ul>
      )}
      {item.scores && (
        <p className="text-small text-ink-muted">
          Analyzer {item.scores.analyzerVersion}: civility {score(item.scores.civility)} · relevance{' '}
          {score(item.scores.relevance)} · sincerity {score(item.scores.sincerity)}
        </p>
      )}
      <TextAreaField
        label="Note for the moderation history (optional)"
        rows={2}
        value={note}
        onValueChange={setNote}
        error={noteTooLong ? `A note is ${MODERATION_NOTE_MAX} characters at most.` : null}
      />
      <div className="flex flex-wrap gap-2">
        {actionsFor(item).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'hide' ? 'primary' : 'secondary'}
            disabled={busy}
            onClick={() => decide(action)}
          >
            {LABELS[action]}
          </Button>
        ))}
        {item.visibility !== 'removed' && (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="ghost-danger" disabled={busy}>
                Remove
              </Button>
            }
            title="Remove this for good?"
            description="It is deleted as if its author deleted it, for everyone. Its author is told why."
            confirmLabel="Remove"
            onConfirm={() => decide('remove')}
          />
        )}
      </div>
    </Card>
  );
};
