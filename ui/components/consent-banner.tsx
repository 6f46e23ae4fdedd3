import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { decideConsent, hasDecided, sendPendingConsent, subscribeConsent } from '../lib/consent';
import { consentSheetShownOn } from '../lib/consent-placement';
import { useBrowserValue } from '../lib/hydration';
import { currentSession } from '../lib/session';
import { Button } from './ui/button';
import { cx } from './ui/cx';

/**
 * Whether this browser's person has answered the consent question. The prerendered page starts
 * undecided (index.html's CSS hides the question for a browser that decided). Each identity the
 * browser takes (a pseudonym, an account signed into) brings its decision in step with the
 * person's own: one made on another device of the account is taken, and the question goes.
 */
const useDecided = () => {
  // Read again at each render (a sign-in moves on to another page): no session in a prerender.
  const person = useBrowserValue(() => currentSession()?.user.id ?? null, null);
  useEffect(() => {
    void sendPendingConsent();
  }, [person]);
  return useSyncExternalStore(subscribeConsent, hasDecided, () => false);
};

const Choices = ({ className }: { className?: string }) => (
  <div className={cx('flex shrink-0 gap-2', className)}>
    <Button variant="secondary" size="sm" onClick={() => decideConsent('declined')}>
      Decline
    </Button>
    <Button size="sm" onClick={() => decideConsent('true')}>
      Accept
    </Button>
  </div>
);

/**
 * The consent question for whoever has not answered it (skipped at setup, or arrived by a shared
 * link): one line under the header, in the page's flow, so it covers nothing (not the page's
 * first screen, not Sign Out). Never on onboarding (it asks in its own flow) or admin pages.
 */
export const ConsentBanner = () => {
  const { pathname } = useLocation();
  const decided = useDecided();
  if (decided || !consentSheetShownOn(pathname)) return null;
  return (
    <section
      role="region"
      aria-label="Privacy consent"
      data-consent-sheet
      data-toast-clear
      className="border-b border-line bg-surface text-small"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-1.5">
        <p className="min-w-0">
          <span className="hidden sm:inline">
            Boon keeps a device id in this browser and uses answers only anonymised.{' '}
          </span>
          <Link to="/privacy" className="link">
            Privacy &amp; terms
          </Link>
        </p>
        <Choices />
      </div>
    </section>
  );
};

/** The same question inside a page's own flow (setup), once, until answered. */
export const ConsentQuestion = ({ className }: { className?: string }) => {
  const decided = useDecided();
  if (decided) return null;
  return (
    <section
      role="region"
      aria-label="Privacy consent"
      className={cx(
        'flex flex-col gap-3 rounded-lg border border-line bg-surface-sunken p-3 sm:flex-row sm:items-center',
        className,
      )}
    >
      <p className="min-w-0 flex-1 text-small">
        Boon keeps a device id in this browser and uses answers only anonymised.{' '}
        <Link to="/privacy-policy" className="link">
          Privacy
        </Link>{' '}
        ·{' '}
        <Link to="/terms-of-use" className="link">
          Terms
        </Link>
      </p>
      <Choices />
    </section>
  );
};
