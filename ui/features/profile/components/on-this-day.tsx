import { Card } from '../../../components/ui/card';
import { useOnThisDay } from '../api/on-this-day';

const written = (at: string) =>
  new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** "On this day": what the person wrote on this date in earlier months and years, if anything. */
export const OnThisDay = () => {
  const entries = useOnThisDay();
  const list = entries.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card tone="flat" aria-labelledby="on-this-day">
      <h2 id="on-this-day" className="font-serif text-title">
        On this day
      </h2>
      <ul className="mt-3 grid gap-3">
        {list.map((entry) => (
          <li key={entry.id}>
            <p className="text-small text-ink-muted">
              {written(entry.createdAt)}
              {entry.title && ` · ${entry.title}`}
            </p>
            <p className="mt-1 line-clamp-3 whitespace-pre-line wrap-anywhere">{entry.content}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
};
