type EarlyClicks = { boonEarlyClicks?: HTMLElement[] | null };

/**
 * Presses again the buttons pressed before the app adopted its prerendered page (index.html
 * keeps them): the same elements, now with React's handlers. From here on clicks go straight
 * to the app. Called once, after the first commit.
 */
export const replayEarlyClicks = () => {
  const early = window as unknown as EarlyClicks;
  const pressed = early.boonEarlyClicks ?? [];
  early.boonEarlyClicks = null;
  for (const button of pressed) if (button.isConnected) button.click();
};
