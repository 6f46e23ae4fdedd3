import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { requestSignInLink } from './api/sign-in-link';

type Sent = { email: string; minutes: number };

/**
 * Shown where sign-in answered "too many attempts": someone may be guessing at the account,
 * and its owner should not have to wait them out. A link mailed to the address signs this
 * browser in once (no guesser reads that mailbox) and makes it known from then on.
 */
export const SignInLinkOffer = ({ email }: { email: string }) => {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const handleRequest = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await requestSignInLink(email);
      setSent({ email: answer.email, minutes: Math.round(answer.link_expires_in / 60) });
    } catch (error) {
      setProblem(
        error instanceof ApiError ? error.detail : 'Boon could not be reached. Try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rounded-md border border-line-strong bg-surface p-4">
      <h2 className="text-lg font-semibold">Is it you? Sign in by mail instead</h2>
      {sent ? (
        <p role="status" className="mt-2">
          If <strong className="break-all">{sent.email}</strong> has a Boon account, a sign-in link
          is on its way. It works once, for the next {sent.minutes} minutes, and this browser is
          known from then on: your password works here whatever others try.
        </p>
      ) : (
        <>
          <p className="mt-2">
            Someone may be guessing at this account, so its sign-in is slowed down. We can mail you
            a link that signs you in at once.
          </p>
          <Button
            type="button"
            variant="secondary"
            className="mt-3"
            disabled={busy || !email.trim()}
            onClick={() => void handleRequest()}
          >
            {busy ? 'Sending...' : 'Email me a sign-in link'}
          </Button>
          {problem && (
            <p role="alert" className="mt-2 text-danger-ink">
              {problem}
            </p>
          )}
        </>
      )}
    </div>
  );
};
