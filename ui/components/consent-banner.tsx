import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AGREEMENT_VERSION, type AgreementType } from '../../domain/contracts/settings';
import { api } from '../lib/api-client';
import { Button } from './ui/button';
import { readLocal, writeLocal } from '../lib/device-identity';

export const CONSENT_KEY = 'boon-consent';
export const CONSENT_DATE_KEY = 'boon-consent-date';

/** Consent records are best effort: a failure never bothers the person (the spec swallows it). */
const record = (agreementType: AgreementType) =>
  api('/api/user-agreements', {
    method: 'POST',
    body: { agreementType, agreementVersion: AGREEMENT_VERSION },
  }).catch((error: unknown) => console.warn('Consent not recorded', error));

/** Shown on every page until a decision is stored on this device. */
export const ConsentBanner = ({ aboveNavigation }: { aboveNavigation: boolean }) => {
  const [decided, setDecided] = useState(() => readLocal(CONSENT_KEY) !== null);
  if (decided) return null;
  const decide = (accepted: boolean) => {
    writeLocal(CONSENT_KEY, accepted ? 'true' : 'declined');
    writeLocal(CONSENT_DATE_KEY, new Date().toISOString());
    setDecided(true);
    if (accepted) {
      void record('privacy');
      void record('terms');
    } else {
      void record('privacy_decline');
    }
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
