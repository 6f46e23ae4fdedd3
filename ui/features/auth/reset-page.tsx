import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Form, SubmitButton } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { resetPassword } from '../../lib/auth-api';
import { credentialToast } from './credential-rules';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';
import { useAuthForm } from './use-auth-form';

const linkClass = 'text-amber-800 underline dark:text-amber-400';

/** The link from the reset mail: choose a new password (signing out everywhere). */
const ResetPage = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [linkFailed, setLinkFailed] = useState(false);
  const { form, broken, refusedAs } = useAuthForm<NewPasswordValues>({
    password: '',
    confirm: '',
  });

  // The secret leaves the address bar (and so history and screenshots) at once.
  useEffect(() => {
    if (window.location.search) {
      window.history.replaceState(window.history.state, '', '/auth/reset');
    }
  }, []);

  const send = refusedAs('Password Not Changed', async ({ password }: NewPasswordValues) => {
    setLinkFailed(false);
    try {
      await resetPassword(token, password);
    } catch (error) {
      setLinkFailed(error instanceof ApiError && error.problem?.field === 'token');
      throw error;
    }
    void queryClient.resetQueries();
    toast({ title: 'Password changed', description: 'Sign in with your new password.' });
    navigate('/auth', { replace: true });
  });

  return (
    <section className="mx-auto max-w-md py-6">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-200">
        At least 8 characters. Choosing it signs you out on every device.
      </p>
      <Form
        form={form}
        onSubmit={send}
        onRuleBroken={(_, values) => broken(credentialToast(values, true))}
        className="mt-6 flex flex-col gap-4"
        footer={
          <>
            {linkFailed && (
              <Link to="/auth/recover" className={`self-start ${linkClass}`}>
                Ask for a new link
              </Link>
            )}
            <SubmitButton control={form.control} pending="Saving..." disabled={!token}>
              Save new password
            </SubmitButton>
          </>
        }
      >
        <NewPasswordFields control={form.control} label="New Password" />
      </Form>
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
