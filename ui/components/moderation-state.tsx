import { MODERATION_REASON_LABELS, type ModerationStateDto } from '../../domain/contracts/reports';
import { Callout } from './ui/callout';

/**
 * On one's own answer, reply or chat message that others no longer see: held for review, or
 * hidden by a moderator, and why. Nobody else is shown this, or the item.
 */
export const ModerationState = ({
  state,
  className = '',
}: {
  state: ModerationStateDto;
  className?: string;
}) => (
  <Callout
    tone="caution"
    role="note"
    className={className}
    title={state.visibility === 'hidden' ? 'Hidden by a moderator' : 'Held for review'}
  >
    <p>
      Only you see this now. Reason: {MODERATION_REASON_LABELS[state.reason]}.
      {state.visibility === 'held' && ' A moderator will decide whether it is shown again.'}
    </p>
  </Callout>
);
