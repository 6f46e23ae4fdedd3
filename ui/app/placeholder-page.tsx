import { ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { SproutDrawing } from '../components/ui/illustrations';

/** Screens whose issue has not landed yet say so plainly. */
export const PlaceholderPage = ({ name }: { name: string }) => (
  <EmptyState
    level={1}
    drawing={<SproutDrawing />}
    title={name}
    action={<ButtonLink to="/home">Back to today’s question</ButtonLink>}
  >
    <p>{name} is coming soon. It is growing here, and will be ready before long.</p>
  </EmptyState>
);
