import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminArea } from './pages/admin-page';
import { HomePage } from './pages/home-page';
import { ProfilePage } from './pages/profile-page';
import { ResponsesPage } from './pages/responses-page';
import { axeViolations, screenshotWholePage, undersizedTargets } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';

const shots = 'tests/artifacts/reporting';

const person = async (browser: Browser, width: number) => {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const name = await new SetupPage(page).registerAsNewVisitor();
  return { context, page, name, home: new HomePage(page), responses: new ResponsesPage(page) };
};

/** The screen in both themes, checked with axe (colours in the dark one) and photographed. */
const look = async (page: Page, screen: string, width: number) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    expect(await axeViolations(page, colorScheme === 'light' ? 'all' : 'colours')).toEqual([]);
    await screenshotWholePage(page, `${shots}/${screen}-${width}-${colorScheme}.png`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
};

for (const width of [390, 1280]) {
  test(`a report reaches the queue, a moderator hides the answer, everyone sees it go live, its author learns why, the audit keeps it (${width} px)`, async ({
    browser,
  }) => {
    // Four people at once, an admin sign-in at production cost, two themes per screen.
    test.setTimeout(180_000);
    const stamp = `${width}-${Date.now().toString(36)}`;
    const words = `Anyone who disagrees with me here should think twice before answering ${stamp}.`;

    const ana = await person(browser, width);
    await ana.home.answer(words);
    const carol = await person(browser, width);
    await carol.home.answer(`Keeping a promise matters even when it costs you ${stamp}.`);
    // Carol reads the discussion, Ana's answer among the others.
    await expect(await carol.responses.reveal(carol.responses.response(ana.name))).toContainText(
      stamp,
    );

    const ben = await person(browser, width);
    await ben.home.answer(`Promises bind us because others plan around them ${stamp}.`);
    const anaCard = await ben.responses.reveal(ben.responses.response(ana.name));
    // Nobody may report their own answer: Ben's card has no Report action.
    await expect(
      ben.responses.response(ben.name).getByRole('button', { name: /^Report / }),
    ).toHaveCount(0);
    const reportButton = anaCard.getByRole('button', { name: `Report the answer by ${ana.name}` });
    await reportButton.click();
    const dialog = ben.page.getByRole('dialog', { name: `Report the answer by ${ana.name}` });
    await expect(dialog).toBeVisible();
    // A reason is needed; the dialog says so and sends nothing.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason.')).toBeVisible();
    await dialog.getByRole('radio', { name: /Harassment/ }).click();
    await dialog
      .getByLabel(/Anything a moderator should know/)
      .fill('It reads as a warning to me.');
    await look(ben.page, 'report-dialog', width);
    expect(await undersizedTargets(ben.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(ben.page.getByText('Reported — thank you').first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(anaCard.getByText('Reported — thank you')).toBeVisible();

    // The moderator's queue: the words, the question, the reason and Ben's note; never Ben.
    const mod = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    const modPage = await mod.newPage();
    const admin = adminArea(modPage);
    await admin.logIn();
    await admin.openTab('Reports');
    const item = modPage
      .getByRole('list', { name: 'Reported items' })
      .getByRole('listitem')
      .filter({ hasText: stamp });
    await expect(item).toContainText(words);
    await expect(item).toContainText(`Answer by ${ana.name}`);
    await expect(item).toContainText('Harassment × 1');
    await expect(item).toContainText('It reads as a warning to me.');
    await expect(item).toContainText(/civility \d\.\d\d/);
    await expect(item).not.toContainText(ben.name);
    await look(modPage, 'admin-reports', width);
    expect(await undersizedTargets(modPage)).toEqual([]);

    await item.getByLabel('Note for the moderation history (optional)').fill('Aimed at others');
    await item.getByRole('button', { name: 'Hide' }).click();
    await expect(modPage.getByText('Hidden', { exact: true }).first()).toBeVisible();
    await expect(item).toHaveCount(0);

    // Carol's open discussion loses Ana's answer at once, without a reload.
    await expect(carol.responses.response(ana.name)).toHaveCount(0, { timeout: 10_000 });
    // Ana still sees her answer, marked, with why: live on her open page.
    const own = ana.responses.response(ana.name);
    await expect(own.getByRole('note')).toContainText('Hidden by a moderator');
    await expect(own.getByRole('note')).toContainText('Reason: Harassment');
    await look(ana.page, 'hidden-answer', width);
    // And in her profile.
    await new ProfilePage(ana.page).open();
    const notices = ana.page.getByRole('region', { name: 'From the moderators' });
    await expect(notices).toContainText('Your answer in this discussion was hidden by a moderator');
    await expect(notices).toContainText('Reason: Harassment');
    await look(ana.page, 'profile-notice', width);

    // The moderation history keeps the report and the decision, with its note.
    await admin.openTab('Audit');
    await modPage.getByRole('button', { name: 'Refresh' }).click();
    const rows = admin.historyRows();
    await expect(rows.filter({ hasText: 'content.hidden' }).first()).toContainText(
      'Aimed at others',
    );
    await expect(rows.filter({ hasText: 'content.reported' }).first()).toBeVisible();

    for (const context of [ana.context, ben.context, carol.context, mod]) await context.close();
  });
}
