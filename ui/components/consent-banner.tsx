import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { decideConsent, hasDecided, sendPendingConsent } from '../lib/consent';
import { consentSheetShownOn } from '../lib/consent-placement';
import { useBrowserValue } from '../lib/hydration';
import { Button } from './ui/button';
import { cx } from './ui/cx';

/** Undecided on this device; the prerendered page starts undecided (its CSS hides the sheet). */
const useUndecided = () => {
  const decidedHere = useBrowserValue(hasDecided, false);
  const [decidedNow, setDecidedNow] = useState(false);
  useEffect(() => {
    void sendPendingConsent();
  }, []);
  const decide = (accepted: boolean) => {
    decideConsent(accepted ? 'true' : 'declined');
    setDecidedNow(true);
  };
  return { undecided: !decidedHere && !decidedNow, decide };
};

const Choice = ({ onDecide }: { onDecide: (accepted: boolean) => void }) => (
  <>
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
    <div className="flex shrink-0 gap-2">
      <Button variant="secondary" size="sm" className="flex-1" onClick={() => onDecide(false)}>
        Decline
      </Button>
      <Button size="sm" className="flex-1" onClick={() => onDecide(true)}>
        Accept
      </Button>
    </div>
  </>
);

/**
 * The consent question, asked once: in onboarding's own setup step (ConsentQuestion), and as a
 * compact sheet above the tab bar for whoever reaches a page another way (a shared link) and
 * has not decided. Never over onboarding or admin pages. The decision is kept in the browser
 * and reaches the server once the device is registered, so none is lost.
 */
export const ConsentBanner = () => {
  const { pathname } = useLocation();
  const { undecided, decide } = useUndecided();
  if (!undecided || !consentSheetShownOn(pathname)) return null;
  return (
    <section
      role="region"
      aria-label="Privacy consent"
      data-overlay-bottom
      data-consent-sheet
      className="sheet-up fixed inset-x-0 bottom-[calc(var(--tabbar-height)+env(safe-area-inset-bottom))] z-50 px-2 pb-2 sm:px-4 md:bottom-4"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-2 rounded-xl border border-line bg-surface px-3 py-2 text-ink shadow-overlay sm:flex-row sm:items-center sm:gap-4 sm:p-3">
        <Choice onDecide={decide} />
      </div>
    </section>
  );
};

/** The same question inside a page's own flow (setup), once, until answered. */
export const ConsentQuestion = ({ className }: { className?: string }) => {
  const { undecided, decide } = useUndecided();
  if (!undecided) return null;
  return (
    <section
      role="region"
      aria-label="Privacy consent"
      className={cx(
        'flex flex-col gap-3 rounded-lg border border-line bg-surface-sunken p-3 sm:flex-row sm:items-center',
        className,
      )}
    >
      <Choice onDecide={decide} />
    </section>
  );
};
