import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { adminSignInByLink } from './api/admin-link';
import { useLinkOnce } from './use-link-once';

const linkClass = 'text-amber-800 underline dark:text-amber-400';
const PARAMS = ['admin', 'token'] as const;

type Failure = { title: string; detail: string };

const INCOMPLETE: Failure = {
  title: 'Link incomplete',
  detail: 'Open the sign-in link exactly as it was given to you, or ask for a new one.',
};

/**
 * An admin's one-time sign-in link, made on the server's machine by whoever runs Boon
 * (`npm run admin-link -- <username>`): the admin's way in while guessing elsewhere keeps
 * their login throttled. This browser is known to their login from then on.
 */
const AdminLinkPage = () => {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [failure, setFailure] = useState<Failure | null>(null);
  const { complete } = useLinkOnce(
    '/auth/admin-link',
    PARAMS,
    ({ admin, token }) => adminSignInByLink(admin!, token!),
    {
      onDone: () => {
        toast({
          title: 'Signed in',
          description: 'This browser is known to your admin login now.',
        });
        navigate('/admin', { replace: true });
      },
      onFailed: (error) =>
        setFailure(
          error instanceof ApiError && error.problem
            ? { title: error.problem.title, detail: error.problem.detail }
            : {
                title: 'Could not sign in',
                detail: 'Boon could not be reached. Try the link again.',
              },
        ),
    },
  );

  const shown = complete ? failure : INCOMPLETE;
  if (!shown) {
    return (
      <p role="status" className="py-12 text-center">
        Signing you in as an admin...
      </p>
    );
  }
  return (
    <section className="mx-auto max-w-md space-y-4 py-6">
      <h1 className="text-3xl font-bold">{shown.title}</h1>
      <p role="alert">{shown.detail}</p>
      <p>
        A sign-in link works once, for 15 minutes. Ask whoever runs Boon for a new one, or{' '}
        <Link to="/admin-login" className={linkClass}>
          log in with your password
        </Link>
        .
      </p>
    </section>
  );
};

export default AdminLinkPage;
