import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { SpectrumPosition } from '../../../components/spectrum-position';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { localRecords } from '../../../lib/local-responses';
import { queryKeys } from '../../../lib/query-keys';
import { deleteResponse } from '../api/conversation';
import { EchoButton } from './echo-button';
import { FactCheckNote } from './fact-check-note';
import { ReaderDialog } from './reader-dialog';
import { Replies } from './replies';

export const PREVIEW_LENGTH = 600;
const PREVIEW_LINES = 8;

export const preview = (content: string) =>
  content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}…` : content;

const isLong = (content: string) =>
  content.length > PREVIEW_LENGTH || content.split('\n').length > PREVIEW_LINES;

export const ResponseCard = ({ response }: { response: ResponseDto }) => {
  const [showReplies, setShowReplies] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const remove = useMutation({
    mutationFn: () => deleteResponse(response.id),
    onSuccess: () => {
      localRecords.forget(response.questionId);
      toast({
        title: 'Response deleted',
        description: 'Your response has been deleted successfully.',
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.hasResponded });
      void queryClient.invalidateQueries({ queryKey: queryKeys.responses(response.questionId) });
      navigate('/home');
    },
    onError: (error) =>
      toast({
        title: 'Error deleting response',
        description: error instanceof ApiError ? error.detail : error.message,
        variant: 'destructive',
      }),
  });

  return (
    <article
      aria-label={`Response by ${response.username}`}
      className={`flex flex-col rounded-lg border bg-white p-4 dark:bg-stone-900 ${
        response.isOwn ? 'border-amber-600' : 'border-stone-300 dark:border-stone-700'
      }`}
    >
      <header className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">{response.username}</span>
        {response.isOwn && (
          <span className="text-xs text-amber-800 dark:text-amber-400">Your response</span>
        )}
      </header>
      <time dateTime={response.dateAdded} className="text-xs text-stone-500 dark:text-stone-400">
        {new Date(response.dateAdded).toLocaleString()}
      </time>
      <p className="mt-2 line-clamp-8 whitespace-pre-line">{preview(response.content)}</p>
      {isLong(response.content) && (
        <div className="mt-1">
          <ReaderDialog response={response} />
        </div>
      )}
      {response.isOwn && <SpectrumPosition position={response.spectrumPosition} />}
      <FactCheckNote text={response.content} />
      <footer className="mt-auto flex flex-wrap items-center gap-3 pt-3 text-sm text-stone-700 dark:text-stone-200">
        {response.isOwn ? (
          <span>
            ◎ {response.echoCount} {response.echoCount === 1 ? 'echo' : 'echoes'}
          </span>
        ) : (
          <EchoButton response={response} questionId={response.questionId} />
        )}
        <button
          type="button"
          onClick={() => setShowReplies(!showReplies)}
          aria-expanded={showReplies}
          className="rounded-md border border-stone-300 px-2 py-1 dark:border-stone-600"
        >
          {response.replyCount} {response.replyCount === 1 ? 'reply' : 'replies'}
        </button>
        {response.isOwn && (
          <button
            type="button"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
            className="ml-auto text-red-700 underline dark:text-red-400"
          >
            Delete
          </button>
        )}
      </footer>
      {showReplies && <Replies responseId={response.id} questionId={response.questionId} />}
    </article>
  );
};
