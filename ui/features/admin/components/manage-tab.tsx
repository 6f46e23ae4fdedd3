import type { AdminQuestionDto } from '../../../../domain/contracts/admin-questions';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { LoadMore } from '../../../components/ui/load-more';
import { useAdminQuestions } from '../api/admin-questions';
import { cut } from './question-parts';

const TONES: Record<AdminQuestionDto['status'], BadgeTone> = {
  active: 'success',
  scheduled: 'accent',
  draft: 'caution',
  archived: 'neutral',
};

const COLUMNS = ['#', 'Question', 'Category', 'Status', 'Date'] as const;

/** Every question, its content cut at 100 characters, with its status and date. */
export const ManageTab = () => {
  const questions = useAdminQuestions();
  if (questions.isPending) return <SkeletonList count={4} label="Loading questions" />;
  if (questions.isError) {
    return <p role="alert">Failed to load questions. Please try refreshing the page.</p>;
  }
  if (questions.list.length === 0) return <EmptyState title="No questions yet" />;
  return (
    <>
      {/* Focusable, so the table scrolls sideways by keyboard on a phone. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Questions">
        <table className="w-full text-left text-small">
          <caption className="sr-only">Questions</caption>
          <thead className="border-b border-line text-ink-muted">
            <tr>
              {COLUMNS.map((column, i) => (
                <th
                  key={column}
                  scope="col"
                  className={i < COLUMNS.length - 1 ? 'py-2 pr-3' : 'py-2'}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {questions.list.map((q) => (
              <tr key={q.id} className="border-b border-line align-top">
                <td className="py-2 pr-3 tabular-nums">{q.id}</td>
                <td className="min-w-56 py-2 pr-3 break-words" title={q.content}>
                  {cut(q.content)}
                  {q.submissionId && (
                    <span className="block text-ink-muted">From a submission</span>
                  )}
                </td>
                <td className="py-2 pr-3">{q.category}</td>
                <td className="py-2 pr-3">
                  <Badge tone={TONES[q.status]}>{q.status}</Badge>
                </td>
                <td className="py-2 whitespace-nowrap">{q.scheduledFor ?? q.dateAdded}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore label="Show more questions" paged={questions} />
    </>
  );
};
