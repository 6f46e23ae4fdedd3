import type { Page } from '@playwright/test';

/**
 * Waits until the app runs the page: it has adopted a prerendered page, or drawn one of its own
 * (ui/lib/early-clicks.ts sets `boonEarlyClicks` to null then). A prerendered page asks for its
 * code only once it has painted, so a link followed before this is a new page load, as it is for
 * a person who taps before the code arrives; after it, the app follows the link itself.
 */
export const adopted = (page: Page) =>
  page.waitForFunction(
    () => (window as { boonEarlyClicks?: unknown }).boonEarlyClicks === null,
    undefined,
    { timeout: 10_000 },
  );
