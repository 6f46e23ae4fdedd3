import { Download } from 'lucide-react';
import { install, useInstallOffer } from '../lib/offline/install-prompt';
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

/**
 * The offer to a returning person, once, unobtrusive: one line under the discussion, until
 * installed or dismissed. Who gets it is ./install-offer-slot.tsx's to say.
 */
export const InstallOffer = ({ onDismiss }: { onDismiss: () => void }) => (
  <Card as="aside" tone="flat" aria-labelledby="install-offer" className="mt-8">
    <h2 id="install-offer" className="font-semibold">
      Keep Boon close
    </h2>
    <p className="mt-1 text-small text-ink-muted">{WHY}</p>
    <div className="mt-3 flex flex-wrap gap-2">
      <InstallButton />
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        Not now
      </Button>
    </div>
  </Card>
);
