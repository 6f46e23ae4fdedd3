import { useSyncExternalStore } from 'react';

/** Chromium's offer to install the app (`beforeinstallprompt`), kept for Boon's own entry. */
type InstallPrompt = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** Where the page's inline script (ui/index.html) keeps an offer made before this code ran. */
type EarlyPrompt = { boonInstallPrompt?: InstallPrompt | null };

let offer: InstallPrompt | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  offer = (window as EarlyPrompt).boonInstallPrompt ?? null;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Never the browser's own banner: Boon offers it where it fits (Settings, a returning person).
    event.preventDefault();
    offer = event as InstallPrompt;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    (window as EarlyPrompt).boonInstallPrompt = null;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the browser offers to install Boon now (not when it already runs installed). */
export const useInstallOffer = () =>
  useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );

/** Shows the browser's install dialog; an offer is good for one dialog. */
export const install = async (): Promise<'accepted' | 'dismissed'> => {
  const shown = offer;
  if (!shown) return 'dismissed';
  offer = null;
  (window as EarlyPrompt).boonInstallPrompt = null;
  changed();
  await shown.prompt();
  return (await shown.userChoice).outcome;
};
