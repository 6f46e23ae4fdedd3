import type { Browser } from '@playwright/test';
import { decideConsentUpFront } from './setup-page';

/** A new person in their own browser context; the consent decision made unless asked not to. */
export const visitor = async (browser: Browser, options: { consent?: boolean } = {}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (options.consent !== false) await decideConsentUpFront(page);
  return { context, page };
};

export const uniqueEmail = (who: string) =>
  `${who}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
