import { AdminGate } from './admin-gate';
import { IdeasTab } from './components/ideas-tab';

/** /admin/brainstorm: the brainstorm board on its own page. */
const AdminBrainstormPage = () => (
  <AdminGate title="Brainstorm board">
    <IdeasTab />
  </AdminGate>
);

export default AdminBrainstormPage;
