import { LoaderCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { verifyAdmin } from './admin-api';

/** The admin's name once the token is verified at load; without a valid token, to /admin-login. */
export const useVerifiedAdmin = () => {
  const navigate = useNavigate();
  const [admin, setAdmin] = useState<string | null>(null);
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
  return admin;
};

/** What an admin screen shows while its token is being checked. */
export const CheckingAdmin = () => (
  <p role="status" className="flex items-center justify-center gap-3 py-12 text-ink-muted">
    <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-ink" />
    Checking admin session...
  </p>
);

/** A standalone admin screen: verified at load; without a valid admin token, to /admin-login. */
export const AdminGate = ({ title, children }: { title: string; children: ReactNode }) => {
  const admin = useVerifiedAdmin();
  if (!admin) return <CheckingAdmin />;
  return (
    <section>
      <PageHeader
        title={title}
        description={
          <span className="text-small">
            Signed in as {admin} ·{' '}
            <Link to="/admin" className="underline">
              Admin Dashboard
            </Link>
          </span>
        }
      />
      {children}
    </section>
  );
};
