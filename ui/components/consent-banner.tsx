import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { decideConsent, hasDecided, sendPendingConsent } from '../lib/consent';

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
      className={`fixed inset-x-0 ${aboveNavigation ? 'bottom-12' : 'bottom-0'} z-50 border-t border-stone-300 bg-white p-4 shadow-lg dark:border-stone-700 dark:bg-stone-900`}
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-stone-700 dark:text-stone-200">
          We keep a device id, your theme and this choice in your browser, and use your answers in
          anonymised, aggregated analysis. Read our{' '}
          <Link to="/privacy-policy" className="text-amber-800 underline dark:text-amber-400">
            Privacy Policy
          </Link>{' '}
          and{' '}
          <Link to="/terms-of-use" className="text-amber-800 underline dark:text-amber-400">
            Terms of Use
          </Link>
          .
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => decide(false)}
            className="rounded-md border border-stone-400 px-4 py-2 text-sm dark:border-stone-500"
          >
            Decline
          </button>
          <button
            type="button"
            onClick={() => decide(true)}
            className="rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800"
          >
            Accept
          </button>
        </div>
      </div>
    </section>
  );
};
