import { Suspense, useRef, useState } from 'react';
import type { OpinionAnswerDto } from '../../../../domain/contracts/opinions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ReadIcon } from '../../../components/ui/icons';
import { lazyComponent } from '../../../lib/lazy-component';

const AnswerReader = lazyComponent(() => import('./answer-reader')).Component;

/** How much of an answer its card shows; the reader shows the rest. */
const PREVIEW_LENGTH = 240;

const previewOf = (content: string) =>
  content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH).trimEnd()}…` : content;

/**
 * An answer the map names (representative of a group, or common ground): its opening words,
 * why it is named, and a button that opens it whole. Its words may be gone (deleted since).
 */
export const NamedAnswer = ({
  answer,
  context,
}: {
  answer: OpinionAnswerDto | undefined;
  context: string;
}) => {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!answer) {
    return (
      <li className="rounded-md border border-line p-3 text-small text-ink-muted">
        This answer is no longer in the discussion.
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 rounded-md border border-line p-3">
      <p className="font-serif whitespace-pre-line wrap-anywhere">{previewOf(answer.content)}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-small text-ink-muted">
          {context}
          {answer.isOwn && (
            <Badge tone="accent" className="ml-2">
              Your answer
            </Badge>
          )}
        </p>
        <Button
          ref={trigger}
          variant="ghost-accent"
          size="sm"
          aria-haspopup="dialog"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <ReadIcon aria-hidden="true" />
          Read the answer
        </Button>
      </div>
      {opened && (
        <Suspense fallback={null}>
          <AnswerReader
            content={answer.content}
            context={context}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={trigger}
          />
        </Suspense>
      )}
    </li>
  );
};
