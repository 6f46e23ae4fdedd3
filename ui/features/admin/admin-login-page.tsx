import { LoaderCircle, LockKeyhole } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { logIn, verifyAdmin } from './admin-api';

const AdminLoginPage = () => {
  const navigate = useNavigate();
  const { toast, dismiss } = useToast();
  const [checking, setChecking] = useState(true);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void verifyAdmin().then((admin) => {
      if (cancelled) return;
      if (admin) navigate('/admin', { replace: true });
      else setChecking(false);
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      toast({
        title: 'Login failed',
        description: 'Username and password are required',
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      await logIn(username.trim(), password);
      dismiss();
      navigate('/admin', { replace: true });
    } catch (error) {
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
    } finally {
      setBusy(false);
    }
  };

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
        <form
          onSubmit={(e) => void handleSubmit(e)}
          noValidate
          className="mt-6 flex flex-col gap-4"
        >
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            value={username}
            onValueChange={setUsername}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
          <Button type="submit" disabled={busy} className="mt-2">
            {busy ? 'Logging in...' : 'Log In'}
          </Button>
        </form>
      </Card>
    </section>
  );
};

export default AdminLoginPage;
