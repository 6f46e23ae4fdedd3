import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CHOOSE_PASSWORD_TITLE, type SessionDto } from '../../../domain/contracts/auth';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { verifyEmail } from './api/sign-up';
import { ChoosePasswordForm } from './choose-password-form';
import { useLinkOnce } from './use-link-once';

const linkClass = 'text-amber-800 underline dark:text-amber-400';
const PARAMS = ['token'] as const;

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

/** The server's answer when this browser did not start the sign-up: choose the password here. */
const asksForPassword = (error: unknown) =>
  error instanceof ApiError &&
  error.problem?.field === 'password' &&
  error.problem.title === CHOOSE_PASSWORD_TITLE;

/**
 * The link from the sign-up mail: proves the address, signs in, and goes on to setup. In the
 * browser that signed up it completes that sign-up; anywhere else it asks for the password.
 */
const VerifyPage = () => {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [choosing, setChoosing] = useState(false);

  const finish = (session: { user: SessionDto['user'] }) => {
    toast({ title: 'Email confirmed', description: 'Welcome to Boon!' });
    navigate(session.user.user_metadata.confirmed ? '/home' : '/setup', { replace: true });
  };
  const { complete, params } = useLinkOnce(
    '/auth/verify',
    PARAMS,
    ({ token }) => verifyEmail(token!),
    {
      onDone: finish,
      onFailed: (error) => {
        if (asksForPassword(error)) setChoosing(true);
        else setFailure(failureOf(error));
      },
    },
  );

  const shown = complete ? failure : INCOMPLETE;
  if (!shown && choosing) {
    return (
      <ChoosePasswordForm
        onChosen={async (password) => finish(await verifyEmail(params.token!, password))}
        onLinkFailed={(error) => setFailure(failureOf(error))}
      />
    );
  }
  if (!shown) {
    return (
      <p role="status" className="py-12 text-center">
        Confirming your email...
      </p>
    );
  }
  return (
    <section className="mx-auto max-w-md space-y-4 py-6">
      <h1 className="text-3xl font-bold">{shown.title}</h1>
      <p role="alert">{shown.detail}</p>
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
