import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { REPLY_MAX_WORDS } from '../../../../domain/replies/rules';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { countWords } from '../../../../domain/shared/words';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { deleteReply, postReply, repliesQuery } from '../api/conversation';

const message = (error: Error) => (error instanceof ApiError ? error.detail : error.message);

/** The thread under one response: read, write (≤ 300 words), and delete one's own replies. */
export const Replies = ({ responseId, questionId }: { responseId: string; questionId: number }) => {
  const id = useId();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [content, setContent] = useState('');
  const replies = useQuery(repliesQuery(responseId));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.replies(responseId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.responses(questionId) });
  };
  const post = useMutation({
    mutationFn: postReply,
    onSuccess: () => {
      setContent('');
      refresh();
    },
    onError: (error) =>
      toast({
        title: 'Error submitting reply',
        description: message(error),
        variant: 'destructive',
      }),
  });
  const remove = useMutation({
    mutationFn: deleteReply,
    onSuccess: () => {
      toast({ title: 'Reply deleted', description: 'Your reply has been deleted successfully.' });
      refresh();
    },
    onError: (error) =>
      toast({ title: 'Error deleting reply', description: message(error), variant: 'destructive' }),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasVisibleCharacter(content)) {
      toast({
        title: 'Empty reply',
        description: 'Please write something before submitting.',
        variant: 'destructive',
      });
      return;
    }
    if (countWords(content) > REPLY_MAX_WORDS) {
      toast({
        title: 'Word limit exceeded',
        description: 'Your reply exceeds the 300 word limit.',
        variant: 'destructive',
      });
      return;
    }
    post.mutate({ content, responseId });
  };

  return (
    <div className="mt-3 border-t border-stone-200 pt-3 dark:border-stone-700">
      {replies.isPending ? (
        <p className="text-sm">Loading replies…</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Replies">
          {(replies.data ?? []).map((reply) => (
            <li key={reply.id} className="rounded-md bg-stone-100 p-2 text-sm dark:bg-stone-800">
              <div className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 font-semibold wrap-anywhere">{reply.user}</span>
                {reply.isOwn && (
                  <button
                    type="button"
                    onClick={() => remove.mutate(reply.id)}
                    disabled={remove.isPending}
                    className="text-xs text-red-700 underline dark:text-red-400"
                    aria-label={`Delete your reply: ${reply.content.slice(0, 40)}`}
                  >
                    Delete
                  </button>
                )}
              </div>
              <p className="mt-1 whitespace-pre-line wrap-anywhere">{reply.content}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={handleSubmit} className="mt-2 flex flex-col gap-2">
        <label htmlFor={`${id}-reply`} className="sr-only">
          Write a reply
        </label>
        <textarea
          id={`${id}-reply`}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          rows={2}
          placeholder="Write a reply…"
          className="rounded-md border border-stone-300 bg-white p-2 text-sm dark:border-stone-600 dark:bg-stone-900"
        />
        <div className="flex items-center justify-between text-xs">
          <span>
            {countWords(content)}/{REPLY_MAX_WORDS} words
          </span>
          <Button type="submit" disabled={post.isPending} className="px-3 py-1 text-sm">
            {post.isPending ? 'Sending...' : 'Reply'}
          </Button>
        </div>
      </form>
    </div>
  );
};
