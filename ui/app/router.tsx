import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { createGuardedHistory } from '../lib/navigation-guard';
import { AppRoutes } from './routes';

const history = createGuardedHistory();

/**
 * The app's router: React Router's declarative router (half the code of its data router) over
 * the browser's history, with the guard an unsaved change uses to hold a navigation.
 */
export const AppRouter = () => (
  <HistoryRouter history={history}>
    <AppRoutes />
  </HistoryRouter>
);
