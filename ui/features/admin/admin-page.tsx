import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Tabs } from '../../components/ui/tabs';
import { useToast } from '../../components/ui/toast';
import { logOut, verifyAdmin } from './admin-api';

const TABS = [
  { key: 'generate', label: 'Generate', about: 'Generate, preview and set today’s question.' },
  { key: 'edit', label: 'Edit', about: 'Edit the wording and category of questions.' },
  { key: 'schedule', label: 'Schedule', about: 'Schedule questions for the days ahead.' },
  { key: 'manage', label: 'Manage', about: 'Review and delete questions.' },
  { key: 'mini', label: 'Mini', about: 'Manage Mini dilemmas and their archetypes.' },
  { key: 'ideas', label: 'Ideas', about: 'The brainstorm board of question ideas.' },
  { key: 'submit', label: 'Submit', about: 'Moderate questions the community suggested.' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The admin shell: verified at load; without a valid admin token it sends you to log in. */
const AdminPage = () => {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [admin, setAdmin] = useState<string | null>(null);
  const [tab, setTab] = useState<TabKey>('generate');

  useEffect(() => {
    let cancelled = false;
    void verifyAdmin().then((verified) => {
      if (cancelled) return;
      if (verified) setAdmin(verified.username);
      else navigate('/admin-login', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  const handleLogout = async () => {
    try {
      await logOut();
    } catch (error) {
      console.warn('Logout did not reach the server', error);
    }
    toast({ title: 'Logged out' });
    navigate('/admin-login', { replace: true });
  };

  if (!admin) {
    return (
      <p role="status" className="py-12 text-center">
        Checking admin session...
      </p>
    );
  }
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Admin Dashboard</h1>
          <p className="text-sm text-stone-600 dark:text-stone-300">Signed in as {admin}</p>
        </div>
        <Button variant="secondary" onClick={() => void handleLogout()}>
          Logout
        </Button>
      </div>
      <Tabs
        label="Admin tools"
        active={tab}
        onChange={setTab}
        tabs={TABS.map((t) => ({
          key: t.key,
          label: t.label,
          content: (
            <div className="rounded-lg border border-dashed border-stone-300 p-6 dark:border-stone-600">
              <h2 className="text-xl font-semibold">{t.label}</h2>
              <p className="mt-2 text-stone-700 dark:text-stone-200">{t.about}</p>
              <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">
                These tools arrive with the admin release.
              </p>
            </div>
          ),
        }))}
      />
    </section>
  );
};

export default AdminPage;
