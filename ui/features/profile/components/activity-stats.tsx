import { Card } from '../../../components/ui/card';
import { useActivitySummary } from '../api/activity-summary';

const StatCard = ({ label, value, detail }: { label: string; value: string; detail?: string }) => (
  <Card padding="sm" className="text-center">
    <p className="text-headline font-semibold">{value}</p>
    <p className="text-small text-ink-muted">{label}</p>
    {detail && <p className="text-caption text-ink-muted">{detail}</p>}
  </Card>
);

/** The spec's stat cards: answers, journeys, journal entries, badges and today's echoes. */
export const ActivityStats = () => {
  const summary = useActivitySummary();
  if (!summary.data) return null;
  const s = summary.data;
  const echoes = s.dailyEchoStats;
  return (
    <section aria-label="Your activity" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
      <StatCard label="Responses" value={String(s.totalResponses)} />
      <StatCard label="Journeys" value={String(s.totalMiniCompleted)} />
      <StatCard label="Journal entries" value={String(s.journalEntries)} />
      <StatCard label="Badges" value={String(s.badgesEarned)} />
      <StatCard
        label="Daily Echoes"
        value={`${echoes.echoesUsed}/${echoes.dailyLimit}`}
        detail={`${echoes.echoesRemaining} remaining`}
      />
    </section>
  );
};
