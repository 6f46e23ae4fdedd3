type EarlyClicks = { boonEarlyClicks?: HTMLElement[] | null };

import { useEffect } from 'react';

/**
 * Presses again the buttons pressed before the app adopted its prerendered page (index.html
 * keeps them): the same elements, now with React's handlers. From here on clicks go straight
 * to the app.
 */
const replayEarlyClicks = () => {
  const early = window as unknown as EarlyClicks;
  const pressed = early.boonEarlyClicks ?? [];
  early.boonEarlyClicks = null;
  for (const button of pressed) if (button.isConnected) button.click();
};

/** A page the app draws afresh (not prerendered) has nothing to replay: clicks go to it. */
export const dropEarlyClicks = () => {
  (window as unknown as EarlyClicks).boonEarlyClicks = null;
};

/**
 * Rendered beside a route's page, inside its Suspense boundary: React hydrates such a boundary
 * after the shell around it, so only once this has committed are the page's buttons the app's.
 */
export const EarlyClicksReplay = () => {
  useEffect(replayEarlyClicks, []);
  return null;
};
