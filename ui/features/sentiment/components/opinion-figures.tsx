import type { OpinionSummaryDto } from '../../../../domain/contracts/opinions';

/** A question's opinion map in two figures: how many groups, and how much common ground. */
export const OpinionFigures = ({ summary }: { summary: OpinionSummaryDto | undefined }) => {
  if (!summary) return null;
  return (
    <dl className="grid grid-cols-2 gap-2 text-small" aria-label="Opinion map">
      <div>
        <dt className="text-ink-muted">Opinion groups</dt>
        <dd className="font-semibold tabular-nums">
          {summary.status === 'ready' ? summary.groups : 'Not enough people yet'}
        </dd>
      </div>
      <div>
        <dt className="text-ink-muted">Consensus share</dt>
        <dd className="font-semibold tabular-nums">
          {summary.status === 'ready' ? `${Math.round(summary.consensusShare * 100)}%` : 'N/A'}
        </dd>
      </div>
    </dl>
  );
};
