import { expect, test, type Locator, type Page } from '@playwright/test';
import { AuthScreen } from './pages/onboarding';
import { SetupPage } from './pages/setup-page';
import { uniqueEmail, visitor } from './pages/visitor';
import { SCREENS } from './pages/ways-in';

// Consent once per person (issue 39, point 6): recorded on the pseudonym or the account, so a
// second device of the same account is not asked; skipped at setup, it comes back as one line.

const shots = 'tests/artifacts/screenshots';

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

/** The person's decision as the server has it (the browser's own device and session). */
const recordedConsent = (page: Page) =>
  page.evaluate(async () => {
    const headers: Record<string, string> = {
      'X-Device-ID': localStorage.getItem('boon-device-id') ?? '',
    };
    const session = JSON.parse(localStorage.getItem('boon-auth-session') ?? 'null') as {
      access_token?: string;
    } | null;
    if (session?.access_token) headers.Authorization = `Bearer ${session.access_token}`;
    return ((await (await fetch('/api/user/consent', { headers })).json()) as { decision: string })
      .decision;
  });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** Its box once it has one: a bar re-drawn as the page settles has none for a moment. */
const boxOf = async (locator: Locator) => {
  let box: Box | null = null;
  await expect.poll(async () => (box = await locator.boundingBox())).not.toBeNull();
  return box!;
};

const consentBar = (page: Page) => page.getByRole('region', { name: 'Privacy consent' });

test('consent given before registration reaches the server once the device registers, once', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser, { consent: false });
  const sent = watchAgreements(page);
  await page.goto('/setup');
  const question = consentBar(page);
  await question.getByRole('button', { name: 'Accept' }).click();
  await expect(question).toBeHidden();
  expect(sent).toEqual([]);

  await new SetupPage(page).chooseFirstPseudonym();
  await expect
    .poll(() => sent)
    .toEqual([
      { agreementType: 'privacy', status: 201 },
      { agreementType: 'terms', status: 201 },
    ]);
  await expect.poll(() => recordedConsent(page)).toBe('accepted');
  // Recorded once: later visits send nothing more.
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
  const bar = consentBar(page);
  const refused = page.waitForEvent('requestfailed', (request) =>
    request.url().endsWith('/api/user-agreements'),
  );
  await bar.getByRole('button', { name: 'Decline' }).click();
  await expect(bar).toBeHidden();
  await refused;

  await page.unroute('**/api/user-agreements');
  await page.reload();
  await expect.poll(() => sent).toEqual([{ agreementType: 'privacy_decline', status: 201 }]);
  await expect.poll(() => recordedConsent(page)).toBe('declined');
  await context.close();
});

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`skipped at setup, consent comes back as one line that covers nothing; a second device of the account is not asked (${look})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const open = async () => {
      const context = await browser.newContext({
        viewport: { width: screen.width, height: screen.height },
        colorScheme: screen.colorScheme,
      });
      return { context, page: await context.newPage() };
    };

    // The first device: an account, set up without answering the consent question.
    const first = await open();
    const email = uniqueEmail('consent');
    await first.page.goto('/auth');
    await new AuthScreen(first.page).signUpAndConfirm(email, 'long enough pw');
    await expect(consentBar(first.page)).toBeVisible();
    await new SetupPage(first.page).chooseFirstPseudonym();

    // One line under the header, in the page's flow: not over the page's heading, nor over Sign Out.
    const bar = consentBar(first.page);
    await expect(bar).toBeVisible();
    const line = await boxOf(bar);
    expect(line.height).toBeLessThanOrEqual(56);
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    const header = await boxOf(first.page.getByRole('banner'));
    expect(line.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    await first.page.screenshot({
      path: `${shots}/consent-bar-${screen.width}-${screen.colorScheme}.png`,
    });
    for (const path of ['/profile', '/settings']) {
      await first.page.goto(path);
      const signOut = first.page.getByRole('button', { name: 'Sign Out' });
      await signOut.scrollIntoViewIfNeeded();
      await expect(bar).toBeVisible();
      expect(overlaps(await boxOf(bar), await boxOf(signOut))).toBe(false);
      // Sign Out is the element at its own centre: nothing lies over it.
      const box = await boxOf(signOut);
      expect(
        await first.page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        ),
      ).toContain('Sign Out');
    }
    await bar.getByRole('button', { name: 'Accept' }).click();
    await expect(bar).toBeHidden();
    await expect.poll(() => recordedConsent(first.page)).toBe('accepted');
    await first.context.close();

    // A second device of the same account, whose browser never answered: not asked again.
    const second = await open();
    const checked = second.page.waitForResponse((r) => r.url().endsWith('/api/user/consent'));
    await second.page.goto('/auth');
    await new AuthScreen(second.page).submit('Sign In', email, 'long enough pw');
    await expect(second.page).toHaveURL(/\/home$/);
    await checked;
    await expect(consentBar(second.page)).toHaveCount(0);
    for (const path of ['/profile', '/archive', '/settings']) {
      await second.page.goto(path);
      await expect(second.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(consentBar(second.page)).toHaveCount(0);
    }
    expect(await second.page.evaluate(() => localStorage.getItem('boon-consent'))).toBe('true');
    await second.context.close();
  });
}
