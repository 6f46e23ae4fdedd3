import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { readLocal, writeLocal } from '../lib/device-identity';
import { lazyComponent } from '../lib/lazy-component';
import { useInstallOffer } from '../lib/offline/install-prompt';
import { streakQuery } from '../lib/progress';

/** Its code (./install-boon.tsx) only for the few who get the offer. */
const InstallOffer = lazyComponent(() =>
  import('./install-boon').then((module) => ({ default: module.InstallOffer })),
).Component;

/** Answered on this many days, a person is one who comes back: Boon offers to be installed. */
const DAYS_BEFORE_OFFER = 3;
const DISMISSED_KEY = 'boon-install-offer-dismissed';

/**
 * Under the day's discussion, the offer to install Boon: when the browser offers it, to a
 * person who has answered on three days (never on a first visit), until installed or
 * dismissed. Decided here, so a discussion's first visit never carries the offer's code.
 */
export const InstallOfferSlot = () => {
  const offer = useInstallOffer();
  const [dismissed, setDismissed] = useState(() => readLocal(DISMISSED_KEY) !== null);
  // Asked only when the browser offers to install at all.
  const streak = useQuery({ ...streakQuery, enabled: offer !== null && !dismissed });
  if (!offer || dismissed || (streak.data?.totalResponses ?? 0) < DAYS_BEFORE_OFFER) return null;
  return (
    <Suspense fallback={null}>
      <InstallOffer
        onDismiss={() => {
          writeLocal(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      />
    </Suspense>
  );
};
