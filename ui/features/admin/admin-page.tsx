import { LogOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { SproutDrawing } from '../../components/ui/illustrations';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { useToast } from '../../components/ui/toast';
import { logOut } from './admin-api';
import { useVerifiedAdmin } from './admin-gate';
import { AdminsTab } from './components/admins-tab';
import { AuditTab } from './components/audit-tab';
import { EditTab } from './components/edit-tab';
import { GenerateTab } from './components/generate-tab';
import { IdeasTab } from './components/ideas-tab';
import { ManageTab } from './components/manage-tab';
import { ReportsTab } from './components/reports-tab';
import { ScheduleTab } from './components/schedule-tab';
import { MiniTab } from './components/mini-tab';
import { SubmissionsTab } from './components/submissions-tab';

const TABS = [
  { key: 'generate', label: 'Generate', about: 'Generate, preview and set today’s question.' },
  { key: 'edit', label: 'Edit', about: 'Edit the wording and category of questions.' },
  { key: 'schedule', label: 'Schedule', about: 'Schedule questions for the days ahead.' },
  { key: 'manage', label: 'Manage', about: 'Review and delete questions.' },
  { key: 'mini', label: 'Mini', about: 'Manage Mini dilemmas and their archetypes.' },
  { key: 'ideas', label: 'Ideas', about: 'The brainstorm board of question ideas.' },
  { key: 'submit', label: 'Submit', about: 'Moderate questions the community suggested.' },
  { key: 'reports', label: 'Reports', about: 'Review what members reported.' },
  { key: 'audit', label: 'Audit', about: 'The moderation history.' },
  { key: 'admins', label: 'Admins', about: 'Who the admins are.' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** A tool that also has an address of its own (to bookmark, or open beside the dashboard). */
const WithOwnPage = ({ to, name, children }: { to: string; name: string; children: ReactNode }) => (
  <>
    <p className="mb-2 text-small">
      <Link to={to} className="link inline-flex min-h-11 items-center">
        {name} on a page of its own
      </Link>
    </p>
    {children}
  </>
);

/** The tools built so far; the others still say they are coming. */
const TOOLS: Partial<Record<TabKey, () => ReactNode>> = {
  generate: () => <GenerateTab />,
  edit: () => <EditTab />,
  schedule: () => <ScheduleTab />,
  manage: () => <ManageTab />,
  mini: () => <MiniTab />,
  ideas: () => (
    <WithOwnPage to="/admin/brainstorm" name="The brainstorm board">
      <IdeasTab />
    </WithOwnPage>
  ),
  submit: () => (
    <WithOwnPage to="/admin/submissions" name="Submissions">
      <SubmissionsTab />
    </WithOwnPage>
  ),
  reports: () => <ReportsTab />,
  audit: () => <AuditTab />,
  admins: () => <AdminsTab />,
};

/** The admin shell: verified at load; without a valid admin token it sends you to log in. */
const AdminPage = () => {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { admin, pending } = useVerifiedAdmin();
  const [tab, setTab] = useState<TabKey>('generate');

  const handleLogout = async () => {
    try {
      await logOut();
    } catch (error) {
      console.warn('Logout did not reach the server', error);
    }
    toast({ title: 'Logged out' });
    navigate('/admin-login', { replace: true });
  };

  if (!admin) return pending;
  return (
    <section>
      <PageHeader
        title="Admin Dashboard"
        description={<span className="text-small">Signed in as {admin}</span>}
        actions={
          <Button variant="secondary" onClick={() => void handleLogout()}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        }
      />
      <Tabs
        label="Admin tools"
        active={tab}
        onChange={setTab}
        tabs={TABS.map((t) => ({
          key: t.key,
          label: t.label,
          content: TOOLS[t.key]?.() ?? (
            <EmptyState drawing={<SproutDrawing />} title={t.label} className="max-w-lg">
              <p>{t.about}</p>
              <p className="mt-1 text-small">These tools arrive with the admin release.</p>
            </EmptyState>
          ),
        }))}
      />
    </section>
  );
};

export default AdminPage;
