import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../../domain/contracts/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { Tabs } from '../../components/ui/tabs';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { signIn, signUp } from '../../lib/auth-api';
import { useAuth } from '../../lib/session';

type Mode = 'signin' | 'signup';

/** Sign In / Sign Up. Signed-in people go home; accounts not yet confirmed finish setup first. */
const AuthPage = () => {
  const navigate = useNavigate();
  const { toast, dismiss } = useToast();
  const { loading, session } = useAuth();
  const [mode, setMode] = useState<Mode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!loading && session && !busy) {
      navigate(session.user.user_metadata.confirmed ? '/home' : '/setup', { replace: true });
    }
  }, [loading, session, busy, navigate]);

  const failed = (title: string, description: string) =>
    toast({ title, description, variant: 'destructive' });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password || (mode === 'signup' && !confirm)) {
      return failed('Missing Information', 'Please fill in all fields');
    }
    if (mode === 'signup' && password !== confirm) {
      return failed('Password Mismatch', 'Passwords do not match');
    }
    if (mode === 'signup' && password.length < PASSWORD_MIN_LENGTH) {
      return failed('Password Too Short', 'Password must be at least 8 characters long');
    }
    setBusy(true);
    try {
      const next =
        mode === 'signin' ? await signIn(email, password) : await signUp(email, password);
      dismiss();
      navigate(next.user.user_metadata.confirmed ? '/home' : '/setup', { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        failed(mode === 'signin' ? 'Sign In Failed' : 'Sign Up Failed', error.detail);
      } else {
        failed('Error', 'An unexpected error occurred');
      }
    } finally {
      setBusy(false);
    }
  };

  const form = (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="flex flex-col gap-4">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
        value={password}
        onValueChange={setPassword}
      />
      {mode === 'signup' && (
        <TextField
          label="Confirm Password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
        />
      )}
      <Button type="submit" disabled={busy}>
        {mode === 'signin'
          ? busy
            ? 'Signing in...'
            : 'Sign In'
          : busy
            ? 'Creating account...'
            : 'Sign Up'}
      </Button>
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
          onChange={setMode}
          tabs={[
            { key: 'signin', label: 'Sign In', content: form },
            { key: 'signup', label: 'Sign Up', content: form },
          ]}
        />
      </div>
      <p className="mt-8 border-t border-stone-200 pt-4 text-stone-700 dark:border-stone-700 dark:text-stone-200">
        An account is optional.{' '}
        <Link to="/welcome" className="text-amber-800 underline dark:text-amber-400">
          Continue without an account
        </Link>{' '}
        and take part under a pseudonym tied to this device.
      </p>
    </section>
  );
};

export default AuthPage;
