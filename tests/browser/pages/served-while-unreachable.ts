import { expect, type Page } from '@playwright/test';

/**
 * Opens `path`, a page the server sends with its question in it, while the API at `api` (a
 * route glob) and Boon's live socket are out of reach (the socket would ask for the page's data
 * again on connecting): the page must find out by itself that what it came with can no longer
 * be had. Answers the "Can't reach Boon" notice, once shown; `api` stays routed away.
 */
export const openServedPageWhileUnreachable = async (page: Page, path: string, api: string) => {
  await page.route(api, (route) => route.abort('internetdisconnected'));
  await page.routeWebSocket('**/ws', () => {});
  await page.goto(path);
  // The document itself carried the question (the scenario these journeys are about).
  await expect(page.locator('#boon-first-data')).toBeAttached();
  const notice = page.getByRole('alert').filter({ hasText: 'Can’t reach Boon' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  return notice;
};
