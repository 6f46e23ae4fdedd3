import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Callout } from '../../components/ui/callout';
import { RetryIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { queryKeys } from '../../lib/query-keys';
import { verifyAdmin } from './admin-api';

/** After no answer the check asks again: 2 s, 4 s, … at most 30 s apart (and on reconnecting). */
const retryDelay = (failures: number) => Math.min(2_000 * 2 ** failures, 30_000);

/** What an admin screen shows while its token is being checked. */
export const CheckingAdmin = () => (
  <p role="status" className="flex items-center justify-center gap-3 py-12 text-ink-muted">
    <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-ink" />
    Checking admin session...
  </p>
);

/** The check had no answer: the admin is still signed in, and Boon keeps trying. */
const CheckUnanswered = ({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) => (
  <Callout
    role="alert"
    tone="caution"
    title="Can’t reach Boon to check your admin session"
    className="mx-auto my-12 max-w-lg"
  >
    <p>You are still signed in. Boon tries again by itself, and as soon as you are back online.</p>
    <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry} disabled={retrying}>
      <RetryIcon aria-hidden="true" />
      {retrying ? 'Checking…' : 'Try again'}
    </Button>
  </Callout>
);

/**
 * The admin's name once the token is verified at load; refused, to /admin-login. With no
 * answer (a network blip, a failing server) the admin stays signed in: the check is said and
 * tried again until it is answered (a query: paused offline, resumed on reconnecting).
 * `pending` is what to show meanwhile.
 */
export const useVerifiedAdmin = () => {
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: queryKeys.adminSession,
    queryFn: async () => {
      const checked = await verifyAdmin();
      if (checked === 'unreachable') throw new Error('The admin session could not be checked');
      return checked;
    },
    retry: true,
    retryDelay,
    staleTime: 0,
    gcTime: 0,
  });
  const refused = check.data === 'refused';
  useEffect(() => {
    if (refused) navigate('/admin-login', { replace: true });
  }, [refused, navigate]);

  const admin = check.data && check.data !== 'refused' ? check.data.username : null;
  const unanswered = check.failureCount > 0 || check.fetchStatus === 'paused';
  const pending = unanswered ? (
    <CheckUnanswered
      onRetry={() => void check.refetch({ cancelRefetch: true })}
      retrying={check.fetchStatus === 'fetching'}
    />
  ) : (
    <CheckingAdmin />
  );
  return { admin, pending };
};

/** A standalone admin screen: verified at load; without a valid admin token, to /admin-login. */
export const AdminGate = ({ title, children }: { title: string; children: ReactNode }) => {
  const { admin, pending } = useVerifiedAdmin();
  if (!admin) return pending;
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
