import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Tabs } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api-client';
import { signIn } from '../../lib/auth-api';
import { useAuth } from '../../lib/session';
import { signUp } from './api/sign-up';
import {
  credentialErrors,
  credentialToast,
  type CredentialField,
  type Credentials,
} from './credential-rules';
import { Field, FormError, useFieldErrors } from './field-errors';
import type { CheckInboxState } from './check-inbox-page';
import { SignInLinkOffer } from './sign-in-link-offer';

type Mode = 'signin' | 'signup';

const linkClass = 'text-amber-800 underline dark:text-amber-400';

/** Sign In / Sign Up. Signed-in people go home; accounts not yet confirmed finish setup first. */
const AuthPage = () => {
  const navigate = useNavigate();
  const { loading, session } = useAuth();
  const requested = (useLocation().state as { mode?: Mode } | null)?.mode;
  const [mode, setMode] = useState<Mode>(requested ?? 'signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  /** Guessing elsewhere throttles this account: a mailed sign-in link gets its owner in. */
  const [throttled, setThrottled] = useState(false);
  const { errors, show, showRefusal, settle, clear } = useFieldErrors<CredentialField>();

  useEffect(() => {
    if (!loading && session && !busy) {
      navigate(session.user.user_metadata.confirmed ? '/home' : '/setup', { replace: true });
    }
  }, [loading, session, busy, navigate]);

  const values = (changed: Partial<Credentials> = {}): Credentials => ({
    email,
    password,
    ...(mode === 'signup' ? { confirm } : {}),
    ...changed,
  });

  const edit = (field: CredentialField, value: string) => {
    if (field === 'email') setEmail(value);
    else if (field === 'password') setPassword(value);
    else setConfirm(value);
    setUnconfirmed(false);
    if (field === 'email') setThrottled(false);
    settle(field, credentialErrors(values({ [field]: value }), mode === 'signup'));
  };

  const handleMode = (next: Mode) => {
    setMode(next);
    clear();
    setUnconfirmed(false);
    setThrottled(false);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = credentialToast(values(), mode === 'signup');
    if (broken) {
      show(credentialErrors(values(), mode === 'signup'), broken.title, broken.description);
      return;
    }
    setBusy(true);
    try {
      if (mode === 'signin') {
        const next = await signIn(email, password);
        clear();
        navigate(next.user.user_metadata.confirmed ? '/home' : '/setup', { replace: true });
      } else {
        const sent = await signUp(email, password);
        clear();
        navigate('/auth/check-inbox', {
          state: { email: sent.email, expiresIn: sent.link_expires_in } satisfies CheckInboxState,
        });
      }
    } catch (error) {
      setUnconfirmed(error instanceof ApiError && error.status === 403);
      if (mode === 'signin' && error instanceof ApiError && error.status === 429)
        setThrottled(true);
      showRefusal(error, mode === 'signin' ? 'Sign In Failed' : 'Sign Up Failed', [
        'email',
        'password',
      ]);
    } finally {
      setBusy(false);
    }
  };

  const form = (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="flex flex-col gap-4">
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onValueChange={(v) => edit('email', v)}
        error={errors.email}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
        value={password}
        onValueChange={(v) => edit('password', v)}
        error={errors.password}
      />
      {mode === 'signup' && (
        <Field
          label="Confirm Password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          onValueChange={(v) => edit('confirm', v)}
          error={errors.confirm}
        />
      )}
      <FormError message={errors.form}>
        {unconfirmed && (
          <Link
            to="/auth/check-inbox"
            state={{ email } satisfies CheckInboxState}
            className={`mt-2 inline-block ${linkClass}`}
          >
            Get the confirmation link again
          </Link>
        )}
      </FormError>
      {mode === 'signin' && throttled && <SignInLinkOffer email={email} />}
      <Button type="submit" disabled={busy}>
        {mode === 'signin'
          ? busy
            ? 'Signing in...'
            : 'Sign In'
          : busy
            ? 'Creating account...'
            : 'Sign Up'}
      </Button>
      {mode === 'signin' && (
        <Link to="/auth/recover" className={`self-start ${linkClass}`}>
          Forgot your password?
        </Link>
      )}
    </form>
  );

  return (
    <section className="mx-auto max-w-md py-6">
      <h1 className="text-3xl font-bold">Welcome to Boon</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-200">
        Your perspective may change everything.
      </p>
      <div className="mt-6">
        <Tabs
          label="Account"
          active={mode}
          onChange={handleMode}
          tabs={[
            { key: 'signin', label: 'Sign In', content: form },
            { key: 'signup', label: 'Sign Up', content: form },
          ]}
        />
      </div>
      <p className="mt-8 border-t border-stone-200 pt-4 text-stone-700 dark:border-stone-700 dark:text-stone-200">
        An account is optional.{' '}
        <Link to="/welcome" className={linkClass}>
          Continue without an account
        </Link>{' '}
        and take part under a pseudonym tied to this device.
      </p>
    </section>
  );
};

export default AuthPage;
