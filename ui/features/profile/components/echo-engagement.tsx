import { Card } from '../../../components/ui/card';
import { useActivitySummary } from '../api/activity-summary';

/** Today's echoes against the daily limit, as a bar. */
export const EchoEngagement = () => {
  const summary = useActivitySummary();
  const echoes = summary.data?.dailyEchoStats;
  if (!echoes) return null;
  const used = Math.min(100, Math.round((echoes.echoesUsed / echoes.dailyLimit) * 100));
  return (
    <Card aria-labelledby="echo-engagement" className="mt-4">
      <h2 id="echo-engagement" className="font-serif text-title">
        Daily Echo Engagement
      </h2>
      <p className="mt-1 text-ink-muted" id="echo-usage">
        {echoes.echoesUsed} of {echoes.dailyLimit} echoes used today · {echoes.echoesRemaining}{' '}
        remaining
      </p>
      <div
        role="progressbar"
        aria-labelledby="echo-usage"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={used}
        className="mt-2 h-2 overflow-hidden rounded-full bg-surface-sunken"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${used}%` }} />
      </div>
      <p className="mt-2 text-small text-ink-muted">
        Your echoes reset each day at {echoes.resetsAt}.
      </p>
    </Card>
  );
};
