import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminIdeaDto } from '../../../../domain/contracts/contributions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormTextField } from '../../../components/ui/form-fields';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import {
  useDeleteIdea,
  useEditIdea,
  usePromoteIdea,
  useUseIdeaToday,
  useVoteOnIdea,
} from '../api/admin-ideas';
import { EditIdeaForm } from './idea-forms';

/** A decision on an idea: approve or reject, with the reason the admin gives. */
type Decision = { status: 'approved' | 'rejected'; reason: string };

/** One idea on the board: its votes, a decision with its reason, and the rest of what admins do. */
export const IdeaCard = ({ idea }: { idea: AdminIdeaDto }) => {
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const decision = useForm<Decision>({ defaultValues: { reason: '', status: 'approved' } });
  const edit = useEditIdea();
  const vote = useVoteOnIdea();
  const promote = usePromoteIdea();
  const setToday = useUseIdeaToday();
  const remove = useDeleteIdea();
  const failed = (what: string) => (error: unknown) =>
    toast({ title: `Failed to ${what}: ${failureText(error)}`, variant: 'destructive' });

  /** Approve and Reject send the same form, each with the status it stands for. */
  const decide = async ({ status, reason }: Decision) => {
    await edit.mutateAsync({ id: idea.id, body: { status, ...(reason.trim() ? { reason } : {}) } });
    decision.reset();
    toast({ title: status === 'approved' ? 'Idea Approved' : 'Idea Rejected' });
  };
  const choose = (status: Decision['status']) => () => decision.setValue('status', status);

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
      {/* While it is edited, the idea is its form: the status is set there too. */}
      {editing ? (
        <EditIdeaForm idea={idea} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="break-words">{idea.content}</p>
          {idea.notes && (
            <p className="text-small break-words whitespace-pre-line text-ink-muted">
              <span className="font-semibold">Notes: </span>
              {idea.notes}
            </p>
          )}
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
          <Form
            form={decision}
            onSubmit={decide}
            onFailure={failed('update idea')}
            fieldOf={(field) => (field === 'reason' ? field : null)}
            className="flex flex-col gap-2"
            footer={
              <div className="flex flex-wrap gap-2">
                {idea.status !== 'approved' && (
                  <SubmitButton
                    control={decision.control}
                    size="sm"
                    pending="Approve"
                    onClick={choose('approved')}
                  >
                    Approve
                  </SubmitButton>
                )}
                <SubmitButton
                  control={decision.control}
                  size="sm"
                  variant="secondary"
                  pending="Reject"
                  onClick={choose('rejected')}
                >
                  Reject
                </SubmitButton>
              </div>
            }
          >
            <FormTextField
              control={decision.control}
              name="reason"
              label="Reason (optional)"
              maxLength={1000}
            />
          </Form>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              Edit
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
                        description: failureText(error),
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
        </>
      )}
    </Card>
  );
};
