import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Form, SubmitButton } from '../../components/ui/form';
import { FormTextField } from '../../components/ui/form-fields';
import { recoverPassword } from '../../lib/auth-api';
import { emailRules, MISSING } from './credential-rules';
import { useAuthForm } from './use-auth-form';

const linkClass = 'text-amber-800 underline dark:text-amber-400';

/** 'Forgot your password?': a one-time link to choose a new one, mailed to the address. */
const RecoverPage = () => {
  const [sent, setSent] = useState<{ email: string; minutes: number } | null>(null);
  const { form, broken, refusedAs } = useAuthForm({ email: '' });

  const send = refusedAs('Could not send the link', async ({ email }: { email: string }) => {
    const answer = await recoverPassword(email);
    setSent({ email: answer.email, minutes: Math.round(answer.link_expires_in / 60) });
  });

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
          <button
            type="button"
            className={linkClass}
            onClick={() => {
              setSent(null);
              form.reset({ email: sent.email });
            }}
          >
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
      <Form
        form={form}
        onSubmit={send}
        onRuleBroken={() => broken(MISSING)}
        className="mt-6 flex flex-col gap-4"
        footer={
          <>
            <SubmitButton control={form.control} pending="Sending...">
              Send reset link
            </SubmitButton>
            <Link to="/auth" className={`self-start ${linkClass}`}>
              Back to sign in
            </Link>
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
      </Form>
    </section>
  );
};

export default RecoverPage;
