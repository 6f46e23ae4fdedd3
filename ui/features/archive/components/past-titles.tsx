import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { SkeletonList } from '../../../components/ui/skeleton';
import { longDate } from '../../../lib/today-question';
import { useArchiveTitles } from '../api/archive-titles';

/**
 * Beneath the archive's 403: what the archive holds, by title only. The titles are not links:
 * a past discussion opens once today's question is answered, as the archive itself does.
 */
export const PastTitles = () => {
  const titles = useArchiveTitles();
  if (titles.isPending) {
    return (
      <SkeletonList
        count={3}
        label="Loading past questions…"
        className="mx-auto grid max-w-2xl gap-3"
      />
    );
  }
  // Nothing asked before today (or the titles could not be read): the panel above says enough.
  if (titles.list.length === 0) return null;
  return (
    <section aria-labelledby="past-titles" className="mx-auto max-w-2xl">
      <h2 id="past-titles" className="font-serif text-title font-semibold">
        Past questions
      </h2>
      <p className="mt-1 text-small text-ink-muted">
        {titles.total} {titles.total === 1 ? 'question' : 'questions'} asked before today. Their
        answers open once you’ve shared yours today.
      </p>
      <ol className="mt-4 grid gap-3" aria-label="Past questions">
        {titles.list.map((question) => (
          <li key={question.id}>
            <Card tone="flat">
              <div className="flex flex-wrap items-center gap-2 text-small text-ink-muted">
                <Badge tone="accent">{question.category}</Badge>
                <span>{longDate(question.dateAdded)}</span>
              </div>
              <p className="mt-2 font-serif text-reading wrap-anywhere">{question.content}</p>
            </Card>
          </li>
        ))}
      </ol>
      <LoadMore label="Show more past questions" paged={titles} />
    </section>
  );
};
