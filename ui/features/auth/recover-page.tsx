import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { recoverPassword } from '../../lib/auth-api';
import { Field, FormError, useFieldErrors } from './field-errors';

const linkClass = 'text-amber-800 underline dark:text-amber-400';

/** 'Forgot your password?': a one-time link to choose a new one, mailed to the address. */
const RecoverPage = () => {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ email: string; minutes: number } | null>(null);
  const { errors, show, showRefusal, settle, clear } = useFieldErrors<'email'>();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      show(
        { email: 'Enter your email address' },
        'Missing Information',
        'Please fill in all fields',
      );
      return;
    }
    setBusy(true);
    try {
      const answer = await recoverPassword(email);
      clear();
      setSent({ email: answer.email, minutes: Math.round(answer.link_expires_in / 60) });
    } catch (error) {
      showRefusal(error, 'Could not send the link', ['email']);
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <section className="mx-auto max-w-md space-y-4 py-6">
        <h1 className="text-3xl font-bold">Check your inbox</h1>
        <p role="status" className="text-lg">
          If <strong className="break-all">{sent.email}</strong> has a Boon account, a link to
          choose a new password is on its way.
        </p>
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            Open the mail titled <strong>Choose a new Boon password</strong> (look in spam or junk
            too).
          </li>
          <li>
            Select the link. It works once, for the next <strong>{sent.minutes} minutes</strong>.
          </li>
          <li>Choose your new password. You are signed out everywhere, then sign in with it.</li>
        </ol>
        <p>
          No mail after a few minutes?{' '}
          <button type="button" className={linkClass} onClick={() => setSent(null)}>
            Try again
          </button>{' '}
          or{' '}
          <Link to="/auth" state={{ mode: 'signup' }} className={linkClass}>
            sign up
          </Link>{' '}
          if you never confirmed your address.
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md py-6">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-200">
        Enter the address you signed up with; we mail you a link to choose a new password.
      </p>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate className="mt-6 flex flex-col gap-4">
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={(v) => {
            setEmail(v);
            settle('email', v.trim() ? {} : { email: 'Enter your email address' });
          }}
          error={errors.email}
        />
        <FormError message={errors.form} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send reset link'}
        </Button>
        <Link to="/auth" className={`self-start ${linkClass}`}>
          Back to sign in
        </Link>
      </form>
    </section>
  );
};

export default RecoverPage;
