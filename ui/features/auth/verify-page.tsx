import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SessionDto } from '../../../domain/contracts/auth';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { verifyEmail } from '../../lib/auth-api';

const linkClass = 'text-amber-800 underline dark:text-amber-400';

/** One request per link, however often React mounts the page: a link works only once. */
const attempts = new Map<string, Promise<Omit<SessionDto, 'known_browser_token'>>>();

type Failure = { title: string; detail: string };

const INCOMPLETE: Failure = {
  title: 'Link incomplete',
  detail: 'Open the link from your mail exactly as it is, or ask for a new one.',
};

const failureOf = (error: unknown): Failure => {
  const problem = error instanceof ApiError ? error.problem : null;
  if (!problem) {
    return { title: 'Could not confirm', detail: 'Boon could not be reached. Try the link again.' };
  }
  return {
    title: problem.title === 'Invalid request' ? 'Link not valid' : problem.title,
    detail: problem.detail,
  };
};

/** The link from the sign-up mail: proves the address, signs in, and goes on to setup. */
const VerifyPage = () => {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [failure, setFailure] = useState<Failure | null>(token ? null : INCOMPLETE);

  const handleVerified = useEffectEvent((session: { user: SessionDto['user'] }) => {
    toast({ title: 'Email confirmed', description: 'Welcome to Boon!' });
    navigate(session.user.user_metadata.confirmed ? '/home' : '/setup', { replace: true });
  });
  const handleFailed = useEffectEvent((error: unknown) => setFailure(failureOf(error)));

  useEffect(() => {
    // The secret leaves the address bar (and so history and screenshots) at once.
    if (window.location.search) {
      window.history.replaceState(window.history.state, '', '/auth/verify');
    }
    if (!token) return;
    let cancelled = false;
    const attempt = attempts.get(token) ?? verifyEmail(token);
    attempts.set(token, attempt);
    attempt.then(
      (session) => !cancelled && handleVerified(session),
      (error: unknown) => !cancelled && handleFailed(error),
    );
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (!failure) {
    return (
      <p role="status" className="py-12 text-center">
        Confirming your email...
      </p>
    );
  }
  return (
    <section className="mx-auto max-w-md space-y-4 py-6">
      <h1 className="text-3xl font-bold">{failure.title}</h1>
      <p role="alert">{failure.detail}</p>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          Already confirmed?{' '}
          <Link to="/auth" className={linkClass}>
            Sign in
          </Link>
        </li>
        <li>
          Need a new link?{' '}
          <Link to="/auth/check-inbox" className={linkClass}>
            Send the link again
          </Link>
        </li>
      </ul>
    </section>
  );
};

export default VerifyPage;
