import { ButtonLink } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { LostPathDrawing } from './ui/illustrations';
import { usePageTitle } from '../lib/page-title';

/** Any address the app does not know, and ids that cannot name anything (/responses/abc). */
export const NotFound = () => {
  usePageTitle('Page not found');
  return (
    <EmptyState
      level={1}
      drawing={<LostPathDrawing />}
      title="404 Page Not Found"
      action={<ButtonLink to="/home">Go to today’s question</ButtonLink>}
    >
      <p>There is nothing at this address. It may have moved, or the link has a typo.</p>
    </EmptyState>
  );
};
