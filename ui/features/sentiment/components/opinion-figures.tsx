import type { OpinionSummaryDto } from '../../../../domain/contracts/opinions';

/**
 * A question's opinion map in two figures: how many groups, and how much common ground. Before
 * enough people took part it says so once, rather than a figure of 'N/A'.
 */
export const OpinionFigures = ({ summary }: { summary: OpinionSummaryDto | undefined }) => {
  if (!summary) return null;
  if (summary.status !== 'ready') {
    return (
      <p className="text-small text-ink-muted">
        Opinion map: not enough people yet to find groups or common ground.
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-2 text-small" aria-label="Opinion map">
      <div>
        <dt className="text-ink-muted">Opinion groups</dt>
        <dd className="font-semibold tabular-nums">{summary.groups}</dd>
      </div>
      <div>
        <dt className="text-ink-muted">Consensus share</dt>
        <dd className="font-semibold tabular-nums">
          {`${Math.round(summary.consensusShare * 100)}%`}
        </dd>
      </div>
    </dl>
  );
};
