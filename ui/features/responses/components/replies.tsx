import { CloudUpload } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import type { ReplyDto } from '../../../../domain/contracts/replies';
import { REPLY_MAX_WORDS } from '../../../../domain/replies/rules';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { countWords } from '../../../../domain/shared/words';
import { ModerationState } from '../../../components/moderation-state';
import { ReportButton } from '../../../components/report-button';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Form, SubmitButton } from '../../../components/ui/form';
import { failureText } from '../../../lib/api-client';
import { FormTextAreaField } from '../../../components/ui/form-fields';
import { DeleteIcon, SendIcon } from '../../../components/ui/icons';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { LoadFailed } from '../../../components/load-failed';
import type { ShownWrite } from '../../../lib/offline/outbox';
import { fetchMore } from '../../../lib/paged-query';
import { useDeleteReply } from '../api/delete-reply';
import { useReplies } from '../api/get-replies';
import { usePostReply, useWaitingReplies } from '../api/post-reply';
import { RepliesLoading } from './replies-loading';

const message = (error: Error) => (error instanceof ApiError ? error.detail : error.message);

const Reply = ({
  reply,
  onDelete,
  deleting,
}: {
  reply: ReplyDto;
  onDelete: () => void;
  deleting: boolean;
}) => (
  <li className="flex gap-3">
    <Avatar name={reply.user} size="sm" />
    <div className="min-w-0 flex-1 rounded-md bg-surface-sunken px-3 py-2">
      <div className="flex flex-wrap items-center gap-x-2">
        <span className="min-w-0 text-small font-semibold wrap-anywhere">{reply.user}</span>
        <RelativeTime iso={reply.dateAdded} />
        {!reply.isOwn && (
          <span className="ml-auto -mr-2">
            <ReportButton
              target={{ kind: 'reply', id: reply.id }}
              what={`the reply by ${reply.user}`}
            />
          </span>
        )}
        {reply.isOwn && (
          <ConfirmDialog
            title="Delete your reply?"
            description="Are you sure you want to delete this reply? This action cannot be undone."
            confirmLabel="Delete reply"
            onConfirm={onDelete}
            trigger={
              <Button
                variant="ghost-danger"
                size="sm"
                className="ml-auto -mr-2"
                disabled={deleting}
                aria-label={`Delete your reply: ${reply.content.slice(0, 40)}`}
              >
                <DeleteIcon aria-hidden="true" />
              </Button>
            }
          />
        )}
      </div>
      {reply.moderation && <ModerationState state={reply.moderation} className="mt-2" />}
      <p className="mt-1 text-small whitespace-pre-line wrap-anywhere">{reply.content}</p>
    </div>
  </li>
);

/** A reply of the person's that Boon does not have yet: shown at the thread's end, as it goes. */
const WaitingReply = ({ write }: { write: ShownWrite }) => (
  <li className="flex gap-3" data-waiting-reply>
    <Avatar name="You" size="sm" own />
    <div className="min-w-0 flex-1 rounded-md border border-dashed border-line-strong px-3 py-2">
      <p className="flex flex-wrap items-center gap-x-2 text-small">
        <span className="font-semibold">You</span>
        <span className="inline-flex items-center gap-1 text-caption text-ink-muted">
          <CloudUpload aria-hidden="true" className="size-3.5" />
          {write.status === 'waiting' ? 'Waiting to be sent' : 'Sending…'}
        </span>
      </p>
      <p className="mt-1 text-small whitespace-pre-line wrap-anywhere">{write.text}</p>
    </div>
  </li>
);

/** The spec's reply rules, in its words: something visible, at most 300 words. */
const replyFault = (content: string) =>
  !hasVisibleCharacter(content)
    ? 'Please write something before submitting.'
    : countWords(content) > REPLY_MAX_WORDS
      ? 'Your reply exceeds the 300 word limit.'
      : null;

/**
 * The thread under one response: read, write (≤ 300 words), and delete one's own replies. A
 * reply written offline waits at the thread's end and is sent on reconnecting; a thread that
 * cannot load says so in its place, the rest of the discussion untouched.
 */
export const Replies = ({
  responseId,
  questionId,
  responseAuthor,
}: {
  responseId: string;
  questionId: number;
  responseAuthor: string;
}) => {
  const { toast, dismiss } = useToast();
  const form = useForm({ defaultValues: { content: '' } });
  const words = countWords(useWatch({ control: form.control, name: 'content' }));
  const replies = useReplies(questionId, responseId);
  const post = usePostReply({ questionId, responseId, responseAuthor });
  const waiting = useWaitingReplies(responseId);
  const remove = useDeleteReply(questionId, responseId);
  const handleRemoved = {
    onSuccess: () =>
      toast({ title: 'Reply deleted', description: 'Your reply has been deleted successfully.' }),
    onError: (failure: Error) =>
      toast({
        title: 'Error deleting reply',
        description: message(failure),
        variant: 'destructive',
      }),
  };

  const send = async ({ content }: { content: string }) => {
    dismiss();
    await post.mutateAsync(content);
    form.reset();
  };

  return (
    <>
      {replies.isPending ? (
        <RepliesLoading />
      ) : (
        <>
          {replies.isError && replies.list.length === 0 && (
            <LoadFailed what="Replies" query={replies} />
          )}
          <ul className="flex flex-col gap-3" aria-label="Replies">
            {replies.list.map((reply) => (
              <Reply
                key={reply.id}
                reply={reply}
                deleting={remove.isPending}
                onDelete={() => remove.mutate(reply.id, handleRemoved)}
              />
            ))}
            {waiting.map((write) => (
              <WaitingReply key={write.key} write={write} />
            ))}
          </ul>
          {replies.hasNextPage && (
            <Button
              variant="ghost-accent"
              size="sm"
              className="mt-2 -ml-3"
              disabled={replies.isFetchingNextPage}
              onClick={() => void fetchMore(replies)}
            >
              {replies.isFetchingNextPage
                ? 'Loading replies…'
                : `Show more replies (${replies.total - replies.list.length})`}
            </Button>
          )}
        </>
      )}
      <Form
        form={form}
        onSubmit={send}
        onFailure={(failure) =>
          toast({
            title: 'Error submitting reply',
            description: failureText(failure),
            variant: 'destructive',
          })
        }
        className="mt-3 flex flex-col gap-2"
        footer={
          <div className="flex justify-end">
            <SubmitButton control={form.control} size="sm" pending="Sending...">
              <SendIcon aria-hidden="true" />
              Reply
            </SubmitButton>
          </div>
        }
      >
        <FormTextAreaField
          control={form.control}
          name="content"
          rules={{ validate: (text: string) => replyFault(text) ?? true }}
          label="Write a reply"
          labelHidden
          rows={2}
          placeholder="Write a reply…"
          className="text-small"
          status={
            <span className={words > REPLY_MAX_WORDS ? 'font-medium text-danger-ink' : ''}>
              {words}/{REPLY_MAX_WORDS} words
            </span>
          }
        />
      </Form>
    </>
  );
};
