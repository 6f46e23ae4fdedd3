import { useAnswerCount } from '../lib/answer-count';
import { cx } from './ui/cx';
import { DiscussionIcon } from './ui/icons';

/** '12 thoughts are waiting for yours'; today's question with none yet invites the first. */
export const waitingText = (count: number, today: boolean): string | null => {
  if (count === 1) return '1 thought is waiting for yours';
  if (count > 1) return `${count.toLocaleString('en-US')} thoughts are waiting for yours`;
  return today ? 'Be the first to share a thought today' : null;
};

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
  const { data } = useAnswerCount(questionId);
  const text = data ? waitingText(data.count, today) : null;
  if (text === null) return null;
  return (
    <p className={cx('flex items-center gap-2 text-small font-medium text-ink-muted', className)}>
      <DiscussionIcon aria-hidden="true" className="size-4 shrink-0 text-accent-ink" />
      {text}
    </p>
  );
};
