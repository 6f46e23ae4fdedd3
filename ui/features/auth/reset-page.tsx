import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { resetPassword } from '../../lib/auth-api';
import {
  credentialErrors,
  credentialToast,
  type CredentialField,
  type Credentials,
} from './credential-rules';
import { Field, FormError, useFieldErrors } from './field-errors';

const linkClass = 'text-amber-800 underline dark:text-amber-400';

/** The link from the reset mail: choose a new password (signing out everywhere). */
const ResetPage = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [linkFailed, setLinkFailed] = useState(false);
  const { errors, show, showRefusal, settle, clear } = useFieldErrors<CredentialField>();

  // The secret leaves the address bar (and so history and screenshots) at once.
  useEffect(() => {
    if (window.location.search) {
      window.history.replaceState(window.history.state, '', '/auth/reset');
    }
  }, []);

  const values = (changed: Partial<Credentials> = {}): Credentials => ({
    password,
    confirm,
    ...changed,
  });

  const edit = (field: 'password' | 'confirm', value: string) => {
    if (field === 'password') setPassword(value);
    else setConfirm(value);
    settle(field, credentialErrors(values({ [field]: value }), true));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = credentialToast(values(), true);
    if (broken) {
      show(credentialErrors(values(), true), broken.title, broken.description);
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, password);
      void queryClient.resetQueries();
      clear();
      toast({ title: 'Password changed', description: 'Sign in with your new password.' });
      navigate('/auth', { replace: true });
    } catch (error) {
      setLinkFailed(error instanceof ApiError && error.problem?.field === 'token');
      showRefusal(error, 'Password Not Changed', ['password']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-md py-6">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-200">
        At least 8 characters. Choosing it signs you out on every device.
      </p>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate className="mt-6 flex flex-col gap-4">
        <Field
          label="New Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onValueChange={(v) => edit('password', v)}
          error={errors.password}
        />
        <Field
          label="Confirm Password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          onValueChange={(v) => edit('confirm', v)}
          error={errors.confirm}
        />
        <FormError message={errors.form}>
          {linkFailed && (
            <Link to="/auth/recover" className={`mt-2 inline-block ${linkClass}`}>
              Ask for a new link
            </Link>
          )}
        </FormError>
        <Button type="submit" disabled={busy || !token}>
          {busy ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
      {!token && (
        <p role="alert" className="mt-4">
          This page needs the link from your mail.{' '}
          <Link to="/auth/recover" className={linkClass}>
            Ask for a link
          </Link>
        </p>
      )}
    </section>
  );
};

export default ResetPage;
