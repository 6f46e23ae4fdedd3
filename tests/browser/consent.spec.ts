import { expect, test, type Page } from '@playwright/test';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

/** Every consent record the page sends, with the server's answer. */
const watchAgreements = (page: Page) => {
  const sent: { agreementType: string; status: number }[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/user-agreements')) return;
    const { agreementType } = response.request().postDataJSON() as { agreementType: string };
    sent.push({ agreementType, status: response.status() });
  });
  return sent;
};

test('consent given before registration reaches the server once the device registers', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser, { consent: false });
  const sent = watchAgreements(page);
  await page.goto('/setup');
  const banner = page.getByRole('region', { name: 'Privacy consent' });
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(sent).toEqual([]);

  await new SetupPage(page).chooseFirstPseudonym();
  await expect
    .poll(() => sent)
    .toEqual([
      { agreementType: 'privacy', status: 201 },
      { agreementType: 'terms', status: 201 },
    ]);

  // Recorded once: later visits send nothing more. (The page notes what it sent just after the
  // second answer arrives; a reload before that would rightly send it again.)
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('boon-consent-sent')))
    .toMatch(/^true:/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(sent).toHaveLength(2);
  await context.close();
});

test('a decision the server did not get is sent on a later visit', async ({ browser }) => {
  const { context, page } = await visitor(browser, { consent: false });
  const sent = watchAgreements(page);
  await page.route('**/api/user-agreements', (route) => route.abort('connectionrefused'));
  await page.goto('/setup');
  await new SetupPage(page).chooseFirstPseudonym();
  const banner = page.getByRole('region', { name: 'Privacy consent' });
  // The banner goes at once; the refused request fails a moment later. Unrouting before it
  // had failed could let it through (and a reload then hides its answer from this page).
  const refused = page.waitForEvent('requestfailed', (request) =>
    request.url().endsWith('/api/user-agreements'),
  );
  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toBeHidden();
  await refused;

  await page.unroute('**/api/user-agreements');
  await page.reload();
  await expect.poll(() => sent).toEqual([{ agreementType: 'privacy_decline', status: 201 }]);
  await context.close();
});
