import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { readLocal, writeLocal } from '../lib/device-identity';
import { install, useInstallOffer } from '../lib/offline/install-prompt';
import { streakQuery } from '../lib/progress';
import { Button } from './ui/button';
import { Card } from './ui/card';

const WHY = 'Boon on your home screen: it opens like an app, and what you last saw reads offline.';

const InstallButton = ({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) => (
  <Button variant={variant} size="sm" onClick={() => void install()}>
    <Download aria-hidden="true" />
    Install Boon
  </Button>
);

/** Settings' entry: there whenever the browser offers to install Boon. */
export const InstallEntry = () => {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <Card as="section" aria-labelledby="install-boon">
      <h2 id="install-boon" className="font-semibold">
        Install Boon
      </h2>
      <p className="mt-1 text-small text-ink-muted">{WHY}</p>
      <div className="mt-3">
        <InstallButton />
      </div>
    </Card>
  );
};

/** Answered on this many days, a person is one who comes back: Boon offers to be installed. */
const DAYS_BEFORE_OFFER = 3;
const DISMISSED_KEY = 'boon-install-offer-dismissed';

/**
 * The offer to a returning person (after their third day answered, never on a first visit),
 * once, unobtrusive: one line under the discussion, until installed or dismissed.
 */
export const InstallOffer = () => {
  const offer = useInstallOffer();
  const [dismissed, setDismissed] = useState(() => readLocal(DISMISSED_KEY) !== null);
  // Asked only when the browser offers to install at all.
  const streak = useQuery({ ...streakQuery, enabled: offer !== null && !dismissed });
  if (!offer || dismissed || (streak.data?.totalResponses ?? 0) < DAYS_BEFORE_OFFER) return null;
  return (
    <Card as="aside" tone="flat" aria-labelledby="install-offer" className="mt-8">
      <h2 id="install-offer" className="font-semibold">
        Keep Boon close
      </h2>
      <p className="mt-1 text-small text-ink-muted">{WHY}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <InstallButton />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            writeLocal(DISMISSED_KEY, '1');
            setDismissed(true);
          }}
        >
          Not now
        </Button>
      </div>
    </Card>
  );
};
