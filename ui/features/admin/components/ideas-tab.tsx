import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import type { AdminIdeaDto } from '../../../../domain/contracts/contributions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { RelativeTime } from '../../../components/ui/relative-time';
import { SkeletonList } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { sharedTopics } from '../../../../domain/contracts/topics';
import { ApiError } from '../../../lib/api-client';
import { useLiveTopics } from '../../../lib/live-client';
import {
  useAdminIdeaCounts,
  useAdminIdeas,
  useDeleteIdea,
  useEditIdea,
  usePromoteIdea,
  useUseIdeaToday,
  useVoteOnIdea,
  type IdeaFilter,
} from '../api/admin-ideas';

const FILTERS: readonly IdeaFilter[] = ['all', 'pending', 'approved'];
const FILTER_LABELS: Record<IdeaFilter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
};

const detailOf = (error: unknown) => (error instanceof ApiError ? error.detail : String(error));

const IdeaCard = ({ idea }: { idea: AdminIdeaDto }) => {
  const { toast } = useToast();
  const [reason, setReason] = useState('');
  const edit = useEditIdea();
  const vote = useVoteOnIdea();
  const promote = usePromoteIdea();
  const setToday = useUseIdeaToday();
  const remove = useDeleteIdea();
  const failed = (what: string) => (error: unknown) =>
    toast({ title: `Failed to ${what}: ${detailOf(error)}`, variant: 'destructive' });

  const decide = (status: 'approved' | 'rejected') =>
    edit.mutate(
      { id: idea.id, body: { status, ...(reason.trim() ? { reason } : {}) } },
      {
        onSuccess: () =>
          toast({ title: status === 'approved' ? 'Idea Approved' : 'Idea Rejected' }),
        onError: failed('update idea'),
      },
    );

  return (
    <Card as="li" padding="md" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={idea.status === 'approved' ? 'success' : 'caution'}>{idea.status}</Badge>
        {idea.category && <Badge>{idea.category}</Badge>}
        {idea.promoted && <Badge tone="accent">promoted</Badge>}
        {idea.questionId !== null && <Badge tone="success">Question #{idea.questionId}</Badge>}
        <span className="text-small text-ink-muted">
          by {idea.createdBy} · <RelativeTime iso={idea.dateAdded} />
        </span>
      </div>
      <p className="break-words">{idea.content}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant={idea.userVote === 'up' ? 'pressed' : 'secondary'}
          aria-pressed={idea.userVote === 'up'}
          aria-label="Vote up"
          onClick={() =>
            vote.mutate({ id: idea.id, voteType: 'up' }, { onError: failed('register vote') })
          }
        >
          <ThumbsUp aria-hidden="true" />
        </Button>
        <span aria-label={`${idea.votes} votes`}>{idea.votes}</span>
        <Button
          size="sm"
          variant={idea.userVote === 'down' ? 'pressed' : 'secondary'}
          aria-pressed={idea.userVote === 'down'}
          aria-label="Vote down"
          onClick={() =>
            vote.mutate({ id: idea.id, voteType: 'down' }, { onError: failed('register vote') })
          }
        >
          <ThumbsDown aria-hidden="true" />
        </Button>
      </div>
      <TextField
        label="Reason (optional)"
        value={reason}
        onValueChange={setReason}
        maxLength={1000}
      />
      <div className="flex flex-wrap gap-2">
        {idea.status !== 'approved' && (
          <Button size="sm" disabled={edit.isPending} onClick={() => decide('approved')}>
            Approve
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={edit.isPending}
          onClick={() => decide('rejected')}
        >
          Reject
        </Button>
        {idea.questionId === null && (
          <Button
            size="sm"
            variant="secondary"
            disabled={setToday.isPending}
            onClick={() =>
              setToday.mutate(idea.id, {
                onSuccess: (r) =>
                  toast({
                    title: 'Question set',
                    description: `Question #${r.questionId} is today’s.`,
                  }),
                onError: (error) =>
                  toast({
                    title: 'Failed to set question',
                    description: detailOf(error),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {idea.status === 'approved' ? 'Use Today' : 'Use as Today’s Question'}
          </Button>
        )}
        {idea.status === 'approved' && !idea.promoted && (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="secondary">
                Promote
              </Button>
            }
            title="Promote this idea?"
            description="A promoted idea stays promoted."
            confirmLabel="Promote"
            onConfirm={() =>
              promote.mutate(idea.id, {
                onSuccess: () => toast({ title: 'Idea Promoted' }),
                onError: failed('promote idea'),
              })
            }
          />
        )}
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost">
              Delete
            </Button>
          }
          title="Delete this idea?"
          description="It leaves the board for good."
          confirmLabel="Delete"
          onConfirm={() =>
            remove.mutate(idea.id, {
              onSuccess: () => toast({ title: 'Idea Deleted' }),
              onError: failed('delete idea'),
            })
          }
        />
      </div>
    </Card>
  );
};

/** The brainstorm board: pending and approved ideas (rejected ones leave it), a page at a time. */
export const IdeasTab = () => {
  useLiveTopics([sharedTopics.adminContributions.name()]);
  const [filter, setFilter] = useState<IdeaFilter>('all');
  const ideas = useAdminIdeas(filter);
  const counts = useAdminIdeaCounts();
  const countOf = (f: IdeaFilter) => {
    if (!counts.data) return null;
    return f === 'all' ? counts.data.pending + counts.data.approved : counts.data[f];
  };
  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Show ideas" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? 'pressed' : 'secondary'}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {FILTER_LABELS[f]}
            {countOf(f) === null ? '' : ` (${countOf(f)})`}
          </Button>
        ))}
      </div>
      {ideas.isPending ? (
        <SkeletonList count={3} label="Loading ideas" />
      ) : ideas.isError ? (
        <p role="alert">Failed to load ideas: {detailOf(ideas.error)}</p>
      ) : ideas.list.length === 0 ? (
        <EmptyState title="No question suggestions yet." />
      ) : (
        <>
          <ul aria-label="Ideas" className="flex flex-col gap-3">
            {ideas.list.map((idea) => (
              <IdeaCard key={idea.id} idea={idea} />
            ))}
          </ul>
          <LoadMore label="Show more ideas" paged={ideas} />
        </>
      )}
    </div>
  );
};
