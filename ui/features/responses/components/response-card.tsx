import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { ModerationState } from '../../../components/moderation-state';
import { ReportButton } from '../../../components/report-button';
import { SpectrumPosition } from '../../../components/spectrum-position';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DeleteIcon, EchoIcon, ReplyIcon } from '../../../components/ui/icons';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { localRecords } from '../../../lib/local-responses';
import { useDeleteResponse } from '../api/delete-response';
import { EchoButton } from './echo-button';
import { ReactionBar } from './reaction-bar';
import { FactCheckNote } from './fact-check-note';
import { ReaderDialog } from './reader-dialog';
import { AuthorActivity } from './author-activity';
import { RepliesLoading } from './replies-loading';
import { ThreadBoundary } from './thread-boundary';
import { lazyComponent } from '../../../lib/lazy-component';

/**
 * A thread's code (its list, its form) arrives when a reader first opens one, fetched as soon
 * as they point at or focus a replies button: most visits open none.
 */
const replies = lazyComponent(() =>
  import('./replies').then((module) => ({ default: module.Replies })),
);
const Replies = replies.Component;
const prefetchReplies = () => void replies.preload().catch(() => undefined);

export const PREVIEW_LENGTH = 600;

export const preview = (content: string) =>
  content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}…` : content;

/**
 * Whether the preview's 8-line clamp hides part of it, measured as laid out (a 340-character
 * answer in three paragraphs runs past 8 lines on a phone, not on a desktop), and again
 * whenever the card's width changes. Measured when the browser reports the paragraph laid
 * out (after its layout, before its paint), never by forcing a layout while the list renders:
 * that forced layout was ~40 % of a discussion's longest task on a slow phone. The answer is
 * drawn in the same frame (no Read more appearing a frame late); a card past the first screen
 * is not laid out until it comes near (`later`), and is measured then.
 */
const useClamped = (text: string) => {
  const ref = useRef<HTMLParagraphElement>(null);
  const [clamped, setClamped] = useState(false);
  useLayoutEffect(() => {
    const paragraph = ref.current;
    if (!paragraph) return;
    const observer = new ResizeObserver(() => {
      const hidden = paragraph.scrollHeight > paragraph.clientHeight + 1;
      flushSync(() => setClamped(hidden));
    });
    observer.observe(paragraph);
    return () => observer.disconnect();
  }, [text]);
  return { ref, clamped };
};

/** The id of a response's card on the page (Shared Perspectives links to it). */
export const responseElementId = (responseId: string) => `response-${responseId}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * `later`: a card past the first screen, laid out only as it comes near (`content-visibility`),
 * which keeps a long discussion's first render short. The first screen's cards are laid out at
 * once: one held at the placeholder's height for a frame moved the cards below it as it was
 * drawn (a layout shift).
 */
export const ResponseCard = ({ response, later }: { response: ResponseDto; later: boolean }) => {
  const [showReplies, setShowReplies] = useState(false);
  const { ref: previewRef, clamped } = useClamped(response.content);
  const navigate = useNavigate();
  const { toast } = useToast();
  const deletion = useDeleteResponse(response.questionId);
  const remove = {
    isPending: deletion.isPending,
    mutate: () =>
      deletion.mutate(response.id, {
        onSuccess: () => {
          localRecords.forget(response.questionId);
          toast({
            title: 'Response deleted',
            description: 'Your response has been deleted successfully.',
          });
          navigate('/home');
        },
        onError: (error) =>
          toast({
            title: 'Error deleting response',
            description: failureText(error),
            variant: 'destructive',
          }),
      }),
  };

  return (
    <Card
      as="article"
      aria-label={`Response by ${response.username}`}
      id={responseElementId(response.id)}
      tabIndex={-1}
      className={`flex min-w-0 flex-col ${later ? '[contain-intrinsic-size:auto_16rem] [content-visibility:auto]' : ''} ${response.isOwn ? 'border-accent' : ''}`}
    >
      <header className="flex items-center gap-3">
        <Avatar name={response.username} own={response.isOwn} />
        <div className="min-w-0 flex-1">
          <p className="flex min-w-0 flex-wrap items-center gap-x-2">
            <span className="min-w-0 font-semibold break-words">{response.username}</span>
            <AuthorActivity activity={response.activity ?? null} />
            {response.isOwn && <Badge tone="accent">Your response</Badge>}
          </p>
          <RelativeTime iso={response.dateAdded} />
        </div>
      </header>
      {response.moderation && <ModerationState state={response.moderation} className="mt-3" />}
      <p
        ref={previewRef}
        data-preview
        className="mt-3 line-clamp-8 font-serif text-reading whitespace-pre-line wrap-anywhere"
      >
        {preview(response.content)}
      </p>
      {(response.content.length > PREVIEW_LENGTH || clamped) && (
        <div className="mt-1">
          <ReaderDialog response={response} />
        </div>
      )}
      {response.isOwn && (
        <div className="mt-2">
          <SpectrumPosition position={response.spectrumPosition} />
        </div>
      )}
      <FactCheckNote text={response.content} />
      <ReactionBar response={response} />
      <footer className="mt-4 flex flex-wrap items-center gap-1 border-t border-line pt-3 text-small">
        {response.isOwn ? (
          <span className="inline-flex min-h-9 items-center gap-1.5 px-2 text-ink-muted">
            <EchoIcon aria-hidden="true" className="size-4" />
            {plural(response.echoCount, 'echo', 'echoes')}
          </span>
        ) : (
          <EchoButton response={response} questionId={response.questionId} />
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setShowReplies(!showReplies)}
          onPointerEnter={prefetchReplies}
          onFocus={prefetchReplies}
          aria-expanded={showReplies}
        >
          <ReplyIcon aria-hidden="true" />
          {plural(response.replyCount, 'reply', 'replies')}
        </Button>
        {!response.isOwn && (
          <span className="ml-auto">
            <ReportButton
              target={{ kind: 'response', id: response.id }}
              what={`the answer by ${response.username}`}
            />
          </span>
        )}
        {response.isOwn && (
          <ConfirmDialog
            title="Delete your response?"
            description="Are you sure you want to delete this response? This action cannot be undone."
            confirmLabel="Delete response"
            onConfirm={() => remove.mutate()}
            trigger={
              <Button
                variant="ghost-danger"
                size="sm"
                className="ml-auto"
                disabled={remove.isPending}
              >
                <DeleteIcon aria-hidden="true" />
                Delete
              </Button>
            }
          />
        )}
      </footer>
      {showReplies && (
        <div className="mt-3 border-t border-line pt-3">
          <ThreadBoundary>
            <Suspense fallback={<RepliesLoading />}>
              <Replies
                responseId={response.id}
                questionId={response.questionId}
                responseAuthor={response.username}
              />
            </Suspense>
          </ThreadBoundary>
        </div>
      )}
    </Card>
  );
};
