import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { decideConsent, hasDecided, sendPendingConsent } from '../lib/consent';
import { Button } from './ui/button';

/**
 * Shown on every page until a decision is stored on this device. The decision is kept in the
 * browser and reaches the server once the device is registered, so none is lost.
 */
export const ConsentBanner = ({ aboveNavigation }: { aboveNavigation: boolean }) => {
  const [decided, setDecided] = useState(hasDecided);
  useEffect(() => {
    void sendPendingConsent();
  }, []);
  if (decided) return null;
  const decide = (accepted: boolean) => {
    decideConsent(accepted ? 'true' : 'declined');
    setDecided(true);
  };
  return (
    <section
      role="region"
      aria-label="Privacy consent"
      data-overlay-bottom
      data-consent-sheet
      className={`sheet-up fixed inset-x-0 z-50 px-2 pb-2 sm:px-4 md:bottom-4 ${
        aboveNavigation
          ? 'bottom-[calc(var(--tabbar-height)+env(safe-area-inset-bottom))]'
          : 'bottom-[env(safe-area-inset-bottom)]'
      }`}
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-2 rounded-xl border border-line bg-surface p-3 text-ink shadow-overlay sm:flex-row sm:items-center sm:gap-4 sm:p-4">
        <p className="flex-1 text-small">
          We keep a device id, your theme and this choice in your browser, and use answers only in
          anonymised, aggregated analysis.{' '}
          <Link to="/privacy-policy" className="link">
            Privacy Policy
          </Link>{' '}
          ·{' '}
          <Link to="/terms-of-use" className="link">
            Terms of Use
          </Link>
        </p>
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" size="sm" className="flex-1" onClick={() => decide(false)}>
            Decline
          </Button>
          <Button size="sm" className="flex-1" onClick={() => decide(true)}>
            Accept
          </Button>
        </div>
      </div>
    </section>
  );
};
