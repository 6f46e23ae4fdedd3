import { AdminGate } from './admin-gate';
import { SubmissionsTab } from './components/submissions-tab';

/** /admin/submissions: submitted questions on their own page. */
const AdminSubmissionsPage = () => (
  <AdminGate title="Submissions">
    <SubmissionsTab />
  </AdminGate>
);

export default AdminSubmissionsPage;
