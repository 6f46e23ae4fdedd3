import { LoaderCircle, LockKeyhole } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { Form, SubmitButton } from '../../components/ui/form';
import { FormTextField } from '../../components/ui/form-fields';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { logIn, verifyAdmin } from './admin-api';

type Credentials = { username: string; password: string };

const usernameRules = { validate: (value: string) => value.trim() !== '' || 'Enter your username' };
const passwordRules = { validate: (value: string) => value !== '' || 'Enter your password' };

const AdminLoginPage = () => {
  const navigate = useNavigate();
  const { toast, dismiss } = useToast();
  const [checking, setChecking] = useState(true);
  const form = useForm<Credentials>({ defaultValues: { username: '', password: '' } });

  useEffect(() => {
    let cancelled = false;
    // A kept token the check could not confirm stays: /admin says so and checks again.
    void verifyAdmin().then((check) => {
      if (cancelled) return;
      if (check !== 'refused') navigate('/admin', { replace: true });
      else setChecking(false);
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  const handleLogIn = async ({ username, password }: Credentials) => {
    await logIn(username.trim(), password);
    dismiss();
    navigate('/admin', { replace: true });
  };

  // The spec's toasts: the server's reason (or 'Invalid credentials'), or the connection's failure.
  const handleFailure = (error: unknown) =>
    toast(
      error instanceof ApiError
        ? {
            title: 'Login failed',
            description: error.problem?.detail ?? 'Invalid credentials',
            variant: 'destructive',
          }
        : {
            title: 'Login error',
            description: 'There was a problem connecting to the server',
            variant: 'destructive',
          },
    );

  if (checking) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-12 text-ink-muted">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-ink" />
        Checking admin session...
      </p>
    );
  }
  return (
    <section className="mx-auto max-w-sm py-2 sm:py-8">
      <Card tone="raised" padding="lg">
        <span className="flex size-10 items-center justify-center rounded-md bg-accent-soft text-accent-ink">
          <LockKeyhole aria-hidden="true" className="size-5" />
        </span>
        <h1 className="mt-4 font-serif text-headline font-semibold tracking-tight">Admin Login</h1>
        <Form
          form={form}
          onSubmit={handleLogIn}
          onRuleBroken={() =>
            toast({
              title: 'Login failed',
              description: 'Username and password are required',
              variant: 'destructive',
            })
          }
          onFailure={handleFailure}
          // The server names no field it refuses: wrong credentials are the whole login's.
          fieldOf={() => null}
          className="mt-6 flex flex-col gap-4"
          footer={
            <SubmitButton control={form.control} pending="Logging in..." className="mt-2">
              Log In
            </SubmitButton>
          }
        >
          <FormTextField
            control={form.control}
            name="username"
            rules={usernameRules}
            label="Username"
            autoComplete="username"
          />
          <FormTextField
            control={form.control}
            name="password"
            rules={passwordRules}
            label="Password"
            type="password"
            autoComplete="current-password"
          />
        </Form>
      </Card>
    </section>
  );
};

export default AdminLoginPage;
