import { expect, test, type Locator, type Page } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { SCREENS } from './pages/ways-in';

// Cold start to a shared answer in at most 6 taps (issue 39, point 12): Enter, Continue without
// an account, Skip the carousel, Begin Journey with the pseudonym already chosen, the answer box,
// Share. The page counts every tap (pointerdown) itself, across every page of the way.

const MAX_TAPS = 6;

const countTaps = (page: Page) =>
  page.addInitScript(() => {
    addEventListener(
      'pointerdown',
      (event) => {
        if (!event.isTrusted) return;
        const taps = Number(sessionStorage.getItem('e2e-taps') ?? '0');
        sessionStorage.setItem('e2e-taps', String(taps + 1));
      },
      { capture: true },
    );
  });
const taps = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('e2e-taps') ?? '0'));

for (const screen of SCREENS) {
  const phone = screen.width < 640;
  test(`cold start to a shared answer in at most ${MAX_TAPS} taps, no hop through home (${screen.width} px, ${screen.colorScheme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: screen.width, height: screen.height },
      colorScheme: screen.colorScheme,
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    await countTaps(page);
    const tap = (target: Locator) => (phone ? target.tap() : target.click());
    const paths: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
    });

    await page.goto('/');
    await tap(page.getByRole('button', { name: 'Enter' }));
    await expect(page).toHaveURL(/\/auth$/);
    await tap(page.getByRole('link', { name: 'Continue without an account' }));
    await expect(page).toHaveURL(/\/welcome$/);
    await tap(page.getByRole('button', { name: 'Skip' }));

    // Straight to choosing a name, one already chosen (and any other a tap away).
    await expect(page).toHaveURL(/\/setup$/);
    const names = page.getByRole('radio');
    await expect(names).toHaveCount(3);
    await expect(names.first()).toBeChecked();
    for (const name of await names.all()) await expect(name).toBeEnabled();
    const chosen = (await names.first().getAttribute('value'))!;
    const begin = page.getByRole('button', { name: 'Begin Journey' });
    await expect(begin).toBeEnabled();
    await expect(begin).not.toHaveAttribute('aria-disabled', 'true');
    await tap(begin);

    await expect(page).toHaveURL(/\/home$/);
    const home = new HomePage(page);
    await tap(home.responseBox);
    const answer = `Arriving as ${chosen}, I think a kept promise matters most when nobody would notice it broken.`;
    await page.keyboard.type(answer);
    await expect(page.locator('[data-answer-form]')).toBeAttached();
    await expect(home.responseBox).toHaveValue(answer);
    await tap(home.submitButton);
    await expect(page).toHaveURL(/\/responses\/\d+$/, { timeout: 15_000 });
    await expect(page.getByText(answer).first()).toBeVisible();

    expect(await taps(page)).toBeLessThanOrEqual(MAX_TAPS);
    // Setup came straight from the carousel, not by way of Home sending it there.
    const fromCarousel = paths.slice(paths.lastIndexOf('/welcome'), paths.indexOf('/setup'));
    expect(fromCarousel).toEqual(['/welcome']);
    await context.close();
  });
}
