import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Form, SubmitButton } from '../../components/ui/form';
import { FormTextField } from '../../components/ui/form-fields';
import { useToast } from '../../components/ui/toast';
import { resendLink } from '../../lib/auth-api';
import { emailRules, MISSING } from './credential-rules';
import { useAuthForm } from './use-auth-form';

/** What sign-up (or a sign-in of an unconfirmed address) hands to this page. */
export type CheckInboxState = { email?: string; expiresIn?: number };

const DAY_SECONDS = 24 * 60 * 60;
const linkClass = 'text-amber-800 underline dark:text-amber-400';

const lifetime = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} hours` : `${Math.round(seconds / 60)} minutes`;

/**
 * After sign-up: exactly what to do next. Open the mail, follow its link (once, before it
 * expires), and what to do when no mail came or the address was wrong.
 */
const CheckInboxPage = () => {
  const state = (useLocation().state ?? {}) as CheckInboxState;
  const { toast } = useToast();
  const [resent, setResent] = useState<string | null>(null);
  const { form, broken, refusedAs } = useAuthForm({ email: state.email ?? '' });
  const expires = lifetime(state.expiresIn ?? DAY_SECONDS);

  const resend = refusedAs('Could not send the link', async ({ email }: { email: string }) => {
    const sent = await resendLink(email);
    setResent(sent.email);
    toast({ title: 'Link sent', description: `Check ${sent.email} for a new link.` });
  });

  return (
    <section className="mx-auto max-w-md space-y-6 py-6">
      <h1 className="text-3xl font-bold">Check your inbox</h1>
      <p className="text-lg">
        {state.email ? (
          <>
            We sent a link to <strong className="break-all">{state.email}</strong>.
          </>
        ) : (
          'We sent a link to the address you signed up with.'
        )}{' '}
        Your account is ready once you follow it.
      </p>
      <ol className="list-decimal space-y-2 pl-6">
        <li>
          Open the mail from Boon titled <strong>Confirm your email for Boon</strong>. It can take a
          minute or two; look in your spam or junk folder too.
        </li>
        <li>
          Select the link in it. It works once, for the next <strong>{expires}</strong>.
        </li>
        <li>
          You come back here signed in, and choose the pseudonym you take part under. Opened in
          another browser (on your phone, say), the link asks you to choose your password there.
        </li>
      </ol>

      <Form
        form={form}
        onSubmit={resend}
        onRuleBroken={() => broken(MISSING)}
        aria-labelledby="resend-heading"
        className="space-y-3 border-t border-stone-200 pt-6 dark:border-stone-700"
        footer={
          <>
            <SubmitButton control={form.control} pending="Sending..." variant="secondary">
              Send the link again
            </SubmitButton>
            {resent && (
              <p role="status">
                If {resent} is waiting for confirmation, a new link is on its way.
              </p>
            )}
          </>
        }
      >
        <h2 id="resend-heading" className="text-xl font-semibold">
          No mail?
        </h2>
        <p>Ask for a new link. The one before keeps working until it expires.</p>
        {!state.email && (
          <FormTextField
            control={form.control}
            name="email"
            rules={emailRules}
            label="Email"
            type="email"
            autoComplete="email"
          />
        )}
      </Form>

      <div className="space-y-2 border-t border-stone-200 pt-6 dark:border-stone-700">
        <h2 className="text-xl font-semibold">Wrong address?</h2>
        <p>
          <Link to="/auth" state={{ mode: 'signup' }} className={linkClass}>
            Sign up again with the right one
          </Link>
          . An address becomes yours only once its link is followed.
        </p>
        <p>
          Already confirmed?{' '}
          <Link to="/auth" className={linkClass}>
            Sign in
          </Link>
        </p>
      </div>
    </section>
  );
};

export default CheckInboxPage;
