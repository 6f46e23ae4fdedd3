import { Suspense } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { useInstallOffer } from '../lib/offline/install-prompt';

/** Its code (./install-boon.tsx) only once the browser offers to install: most visits never. */
const InstallOffer = lazyComponent(() =>
  import('./install-boon').then((module) => ({ default: module.InstallOffer })),
).Component;

/**
 * Where the offer to install Boon goes under the day's discussion, so that a discussion's first
 * visit never carries its code (the offer comes once the worker has precached it).
 */
export const InstallOfferSlot = () =>
  useInstallOffer() ? (
    <Suspense fallback={null}>
      <InstallOffer />
    </Suspense>
  ) : null;
