import { useEffect, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Form, SubmitButton } from '../../components/ui/form';
import { FormTextField } from '../../components/ui/form-fields';
import { Tabs } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api-client';
import { signIn } from '../../lib/auth-api';
import { useAuth } from '../../lib/session';
import { signUp } from './api/sign-up';
import type { CheckInboxState } from './check-inbox-page';
import { confirmRules, credentialToast, emailRules, passwordRules } from './credential-rules';
import { SignInLinkOffer } from './sign-in-link-offer';
import { useAuthForm } from './use-auth-form';

type Mode = 'signin' | 'signup';
type CredentialValues = { email: string; password: string; confirm: string };

const linkClass = 'text-amber-800 underline dark:text-amber-400';

/** Sign In / Sign Up. Signed-in people go home; accounts not yet confirmed finish setup first. */
const AuthPage = () => {
  const navigate = useNavigate();
  const { loading, session } = useAuth();
  const requested = (useLocation().state as { mode?: Mode } | null)?.mode;
  const [mode, setMode] = useState<Mode>(requested ?? 'signin');
  const signingUp = mode === 'signup';
  const { form, broken, refusedAs } = useAuthForm<CredentialValues>({
    email: '',
    password: '',
    confirm: '',
  });
  const { isSubmitting } = useFormState({ control: form.control });
  const email = useWatch({ control: form.control, name: 'email' });
  /** The refusal that asks for the confirmation link again, or a mailed sign-in link. */
  const [refusal, setRefusal] = useState<{ status: number; email: string } | null>(null);
  const refused = refusal && refusal.email === email ? refusal.status : null;

  useEffect(() => {
    if (!loading && session && !isSubmitting) {
      navigate(session.user.user_metadata.confirmed ? '/home' : '/setup', { replace: true });
    }
  }, [loading, session, isSubmitting, navigate]);

  const handleMode = (next: Mode) => {
    setMode(next);
    setRefusal(null);
    // Signing in has no confirmation to check (its rules stay registered once shown).
    if (next === 'signin') form.unregister('confirm', { keepValue: true });
    form.clearErrors();
  };

  const send = refusedAs(
    signingUp ? 'Sign Up Failed' : 'Sign In Failed',
    async ({ email, password }: CredentialValues) => {
      setRefusal(null);
      try {
        if (!signingUp) {
          const next = await signIn(email, password);
          navigate(next.user.user_metadata.confirmed ? '/home' : '/setup', { replace: true });
          return;
        }
        const sent = await signUp(email, password);
        navigate('/auth/check-inbox', {
          state: { email: sent.email, expiresIn: sent.link_expires_in } satisfies CheckInboxState,
        });
      } catch (error) {
        if (error instanceof ApiError) setRefusal({ status: error.status, email });
        throw error;
      }
    },
  );

  const fields = (
    <Form
      form={form}
      onSubmit={send}
      onRuleBroken={(_, { email, password, confirm }) =>
        broken(credentialToast({ email, password, ...(signingUp ? { confirm } : {}) }, signingUp))
      }
      noValidate
      className="flex flex-col gap-4"
      footer={
        <>
          {refused === 403 && (
            <Link
              to="/auth/check-inbox"
              state={{ email } satisfies CheckInboxState}
              className={`self-start ${linkClass}`}
            >
              Get the confirmation link again
            </Link>
          )}
          {!signingUp && refused === 429 && <SignInLinkOffer email={email} />}
          <SubmitButton
            control={form.control}
            pending={signingUp ? 'Creating account...' : 'Signing in...'}
          >
            {signingUp ? 'Sign Up' : 'Sign In'}
          </SubmitButton>
          {!signingUp && (
            <Link to="/auth/recover" className={`self-start ${linkClass}`}>
              Forgot your password?
            </Link>
          )}
        </>
      }
    >
      <FormTextField
        control={form.control}
        name="email"
        rules={emailRules}
        label="Email"
        type="email"
        autoComplete="email"
      />
      <FormTextField
        control={form.control}
        name="password"
        rules={passwordRules(signingUp)}
        label="Password"
        type="password"
        autoComplete={signingUp ? 'new-password' : 'current-password'}
      />
      {signingUp && (
        <FormTextField
          control={form.control}
          name="confirm"
          rules={confirmRules}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
      )}
    </Form>
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
            { key: 'signin', label: 'Sign In', content: fields },
            { key: 'signup', label: 'Sign Up', content: fields },
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
