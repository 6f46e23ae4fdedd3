import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { isUnreachable } from '../lib/registration';
import { ButtonLink } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { QuestionDrawing } from './ui/illustrations';
import { Unreachable } from './unreachable';

/** A question that failed to load: Boon out of reach (with a retry), or no such question. */
export const QuestionUnavailable = ({ question }: { question: UseQueryResult<unknown> }) => {
  const missing = question.error instanceof ApiError && question.error.status === 404;
  if (!missing && isUnreachable(question.error)) {
    return (
      <Unreachable
        onRetry={() => void question.refetch()}
        retrying={question.isFetching}
        error={question.error}
      />
    );
  }
  return (
    <EmptyState
      level={1}
      drawing={<QuestionDrawing />}
      title="Question not found"
      action={<ButtonLink to="/home">Return to Today's Question</ButtonLink>}
    >
      <p>This question does not exist.</p>
    </EmptyState>
  );
};
