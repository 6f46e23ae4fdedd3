import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { signInByLink } from './api/sign-in-link';
import { useLinkOnce } from './use-link-once';

const PARAMS = ['token'] as const;

type Failure = { title: string; detail: string };

const INCOMPLETE: Failure = {
  title: 'Link incomplete',
  detail: 'Open the link from your mail exactly as it is, or ask for a new one.',
};

/**
 * The link from the sign-in mail (offered when guessing elsewhere throttled the account):
 * signs this browser in once and makes it known, so its password gets through from now on.
 */
const SignInLinkPage = () => {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [failure, setFailure] = useState<Failure | null>(null);
  const { complete } = useLinkOnce('/auth/link', PARAMS, ({ token }) => signInByLink(token!), {
    onDone: (session) => {
      toast({ title: 'Signed in', description: 'This browser is known to your account now.' });
      navigate(session.user.user_metadata.confirmed ? '/home' : '/setup', { replace: true });
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
  });

  const shown = complete ? failure : INCOMPLETE;
  if (!shown) {
    return (
      <p role="status" className="py-12 text-center">
        Signing you in...
      </p>
    );
  }
  return (
    <section className="mx-auto max-w-md space-y-4 py-6">
      <h1 className="text-3xl font-bold">{shown.title}</h1>
      <p role="alert">{shown.detail}</p>
      <p>
        A sign-in link works once, for 15 minutes. Sign in with your password, or ask for a new link
        where sign-in offers one.
      </p>
      <ButtonLink to="/auth" variant="secondary">
        Go to sign in
      </ButtonLink>
    </section>
  );
};

export default SignInLinkPage;
