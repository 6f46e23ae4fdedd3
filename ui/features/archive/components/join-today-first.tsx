import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { VoiceDrawing } from '../../../components/ui/illustrations';

/** The archive's 403: it opens once today's question is answered. */
export const JoinTodayFirst = () => (
  <EmptyState
    level={1}
    drawing={<VoiceDrawing />}
    title="Join Today's Conversation First"
    action={<ButtonLink to="/home">Answer today's question</ButtonLink>}
  >
    <p>Answer today's question to open the archive of past questions and their discussions.</p>
  </EmptyState>
);
