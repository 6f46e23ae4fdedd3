import { useAnswerCount } from '../lib/answer-count';
import { waitingText } from '../lib/thoughts-waiting';
import { cx } from './ui/cx';
import { DiscussionIcon } from './ui/icons';

/**
 * What answering opens: the count of answers others see, never who wrote them or what. Says
 * nothing until the count is known (or if it cannot be), so the line never says a wrong number.
 */
export const ThoughtsWaiting = ({
  questionId,
  today,
  className,
}: {
  questionId: number;
  /** Whether it is today's question: only today's can still be answered first. */
  today: boolean;
  className?: string;
}) => {
  const { data, isPending } = useAnswerCount(questionId);
  // Its line kept while the count is on its way: the answer box below does not jump.
  if (isPending) return <div aria-hidden="true" className={cx('h-5.25', className)} />;
  const text = data ? waitingText(data.count, today) : null;
  if (text === null) return null;
  return (
    <p className={cx('flex items-center gap-2 text-small font-medium text-ink-muted', className)}>
      <DiscussionIcon aria-hidden="true" className="size-4 shrink-0 text-accent-ink" />
      {text}
    </p>
  );
};
